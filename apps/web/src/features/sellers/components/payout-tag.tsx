import type { settlement } from '@chepai/shared';
import { Tag, type TagColor } from '../../../components/plain/tag';

const COLOR: Record<settlement.PayoutStatus, TagColor> = {
  pending: 'default',
  sending: 'blue',
  sent: 'blue',
  paid: 'green',
  failed: 'red',
};

export const PayoutTag = ({ payout }: { payout: settlement.Payout }) => (
  <Tag color={COLOR[payout.status]}>{payout.statusText}</Tag>
);
