import { Tag } from 'antd';
import { lots } from '@chepai/shared';

const COLORS: Record<number, string> = {
  0: 'blue',
  2: 'cyan',
  3: 'red',
  4: 'volcano',
  5: 'green',
  6: 'default',
};

/** The lot status in Chinese: 预告中 / 报名中 / 竞价中 / 延时竞价 / 已成交 / 已流拍. */
export function StatusBadge({ status, className }: { status: number; className?: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} className={className} bordered={false}>
      {lots.statusText(status)}
    </Tag>
  );
}
