import type { deals } from '@chepai/shared';

/** The deadline of the stage a deal stands in (null once nothing is due). */
export function stageDeadline(r: {
  stage: deals.DealStage;
  sign_deadline: Date | null;
  pay_deadline: Date;
  pickup_deadline: Date | null;
  transfer_deadline: Date | null;
}): Date | null {
  switch (r.stage) {
    case 'signing':
      return r.sign_deadline;
    case 'paying':
      return r.pay_deadline;
    case 'pickup':
      return r.pickup_deadline;
    case 'transfer':
      return r.transfer_deadline;
    default:
      return null;
  }
}
