import { lots } from '@chepai/shared';

/** The lot status in Chinese: 预告中 / 报名中 / 竞价中 / 延时竞价 / 已成交 / 已流拍. Plain, no antd. */
export function StatusBadge({ status, className }: { status: number; className?: string }) {
  const tone = [0, 2, 3, 4, 5].includes(status) ? status : 6;
  return (
    <span className={`status-badge status-${tone}${className ? ` ${className}` : ''}`}>
      {lots.statusText(status)}
    </span>
  );
}
