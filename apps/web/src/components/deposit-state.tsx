import type { bidding } from '@chepai/shared';
import { Tag, type TagColor } from './plain/tag';

/**
 * A deposit's state in words and colour, the same on every page that shows it (我的保证金, 我的成交车辆):
 * a forfeited deposit is 已扣除, as the deal's own stage says (已违约 · 保证金已扣除).
 */
export const DEPOSIT_STATE_TEXT: Record<bidding.DepositState, { text: string; color: TagColor }> = {
  pending: { text: '待支付', color: 'default' },
  frozen: { text: '已冻结', color: 'blue' },
  applied: { text: '已抵扣', color: 'green' },
  refunded: { text: '已退还', color: 'default' },
  forfeited: { text: '已扣除', color: 'red' },
};

/** The deposit's state as a tag. */
export const DepositStateTag = ({ state }: { state: bidding.DepositState }) => (
  <Tag color={DEPOSIT_STATE_TEXT[state].color}>{DEPOSIT_STATE_TEXT[state].text}</Tag>
);
