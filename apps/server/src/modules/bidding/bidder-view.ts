import { fenToYuanString } from '@chepai/shared/domain/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken } from '../accounts/auth-check';
import { sessions } from '../accounts/sessions';
import { hasProxyRoom } from './lot-state';

export interface BidderView {
  registered: boolean;
  leading: boolean;
  bidderNo: string | null;
  myTopAmount: string | null;
  myMaxAmount: string | null;
}

export const NOT_A_BIDDER: BidderView = {
  registered: false,
  leading: false,
  bidderNo: null,
  myTopAmount: null,
  myMaxAmount: null,
};

/**
 * What a public lot page shows the logged-in buyer about themselves: registered (deposit paid and
 * not refunded), their 竞买号, leading, their highest bid and (while leading) their proxy maximum.
 * Anonymous visitors, sellers and stale tokens get NOT_A_BIDDER — the page is public.
 */
export function bidderView(ctx: AppContext) {
  const resolver = sessions(ctx);
  const { db } = ctx.dbh;
  return async (request: FastifyRequest, orderId: string): Promise<BidderView> => {
    const token = bearerToken(request);
    const user = token ? await resolver.resolve(token) : null;
    if (user?.role !== 'buyer') return NOT_A_BIDDER;
    const row = await db
      .selectFrom('lot')
      .leftJoin('bid as top', (j) =>
        j.onRef('top.lot_id', '=', 'lot.id').onRef('top.seq', '=', 'lot.bid_count'),
      )
      .leftJoin('deposit_ledger as d', (j) =>
        j.onRef('d.lot_id', '=', 'lot.id').on('d.buyer_id', '=', user.id),
      )
      .select((eb) => [
        'top.bidder_id as top_bidder',
        'lot.leader_id',
        'lot.leader_max',
        'lot.current_price',
        'd.bidder_no',
        'd.state',
        eb
          .selectFrom('bid')
          .select((b) => b.fn.max('amount').as('m'))
          .whereRef('bid.lot_id', '=', 'lot.id')
          .where('bid.bidder_id', '=', user.id)
          .as('my_top'),
      ])
      .where('lot.id', '=', orderId)
      .executeTakeFirst();
    if (!row) return NOT_A_BIDDER;
    const leading = row.top_bidder === user.id;
    return {
      registered: row.state !== null && row.state !== 'refunded',
      leading,
      bidderNo: row.bidder_no,
      myTopAmount: row.my_top === null ? null : fenToYuanString(Number(row.my_top)),
      myMaxAmount:
        leading && row.leader_id === user.id && hasProxyRoom(row.leader_max, row.current_price)
          ? fenToYuanString(Number(row.leader_max))
          : null,
    };
  };
}
