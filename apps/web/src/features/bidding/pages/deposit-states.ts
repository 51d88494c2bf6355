import type { bidding } from '@chepai/shared';
import type { TagColor } from '../../../components/plain/tag';

type State = bidding.DepositState;

export const DEPOSIT_STATE_TEXT: Record<State, { text: string; color: TagColor }> = {
  pending: { text: '待支付', color: 'default' },
  frozen: { text: '已冻结', color: 'blue' },
  applied: { text: '已抵扣成交价', color: 'green' },
  refunded: { text: '已退还', color: 'default' },
  forfeited: { text: '已罚没', color: 'red' },
};
