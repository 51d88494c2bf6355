import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { paymentsFor } from '../../platform/payments/payments';
import { freezeDeposit } from './deposit-ledger';

/** Deposits, bids, the close and the live channel. */
export function registerBidding(_app: FastifyInstance, ctx: AppContext) {
  paymentsFor(ctx).service.onPaid('deposit', async (trx, payment, now) => {
    await freezeDeposit(trx, payment, now);
  });
}
