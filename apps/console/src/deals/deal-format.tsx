import { deals } from '@chepai/shared';
import { DEAL_STAGE_COLOR } from '@chepai/shared/domain/deal-stage-color';
import { beijingText } from '@chepai/shared/domain/beijing-time';
import { yuanDisplay } from '@chepai/shared/domain/money';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * Console times: Beijing wall-clock, 'YYYY-MM-DD HH:mm:ss', as the mall shows them (the browser's
 * own zone and its unpadded 'zh-CN' form read differently from machine to machine).
 */
export const fmt = (ms: number | null | undefined) => (ms ? beijingText(ms, 'full') : '—');

/** '12345.00' → '¥12,345.00' */
export const yuan = yuanDisplay;

export const StageTag = ({ stage, overdue }: { stage: deals.DealStage; overdue?: boolean }) => (
  <Tag color={overdue ? 'red' : DEAL_STAGE_COLOR[stage]}>
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
