import type { bidding } from '@chepai/shared';

type State = bidding.DepositState;

export const DEPOSIT_STATE_TEXT: Record<State, { text: string; color: string }> = {
  pending: { text: '待支付', color: 'default' },
  frozen: { text: '已冻结', color: 'processing' },
  applied: { text: '已抵扣成交价', color: 'success' },
  refunded: { text: '已退还', color: 'default' },
  forfeited: { text: '已罚没', color: 'error' },
};
