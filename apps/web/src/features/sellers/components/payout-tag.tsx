import type { settlement } from '@chepai/shared';
import { Tag } from 'antd';

const COLOR: Record<settlement.PayoutStatus, string> = {
  pending: 'default',
  sending: 'blue',
  sent: 'blue',
  paid: 'green',
  failed: 'red',
};

export const PayoutTag = ({ payout }: { payout: settlement.Payout }) => (
  <Tag color={COLOR[payout.status]}>{payout.statusText}</Tag>
);
