import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { ReactNode } from 'react';
import { Icon } from './plain/icon';

/** One row of 安全设置 (buyers' and sellers'): its icon and name, what it says, and its action. */
export function SecurityItem({
  icon,
  name,
  children,
  action,
}: {
  icon: IconDefinition;
  name: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="security-item">
      <Icon icon={icon} />
      <div className="security-main">
        <div className="security-name">{name}</div>
        <div className="security-desc">{children}</div>
      </div>
      {action}
    </div>
  );
}
