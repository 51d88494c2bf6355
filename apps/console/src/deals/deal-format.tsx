import { deals } from '@chepai/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** Console dates: the operator's clock, 24 h. */
export const fmt = (ms: number | null | undefined) =>
  ms ? new Date(ms).toLocaleString('zh-CN', { hour12: false }) : '—';

/** '12345.00' → '¥12,345.00' */
export const yuan = (v: string) => {
  const [int = '0', frac = '00'] = v.split('.');
  return `¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

const STAGE_COLOR: Record<deals.DealStage, string> = {
  signing: 'orange',
  paying: 'orange',
  pickup: 'blue',
  transfer: 'cyan',
  done: 'green',
  defaulted: 'default',
};

export const StageTag = ({ stage, overdue }: { stage: deals.DealStage; overdue?: boolean }) => (
  <Tag color={overdue ? 'red' : STAGE_COLOR[stage]}>
    {deals.DEAL_STAGES[stage]}
    {overdue ? ' · 已逾期' : ''}
  </Tag>
);

/** A cell of two lines: the thing, and a muted detail under it. */
export const stacked = (main: ReactNode, detail: ReactNode) => (
  <>
    {main}
    <div className="console-muted">{detail}</div>
  </>
);
