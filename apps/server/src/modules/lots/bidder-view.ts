import { fenToYuanString } from '@chepai/shared/domain/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken } from '../accounts/auth-check';
import { sessions } from '../accounts/sessions';
import { hasProxyRoom } from '@chepai/shared/domain/bidding-rules';
import { bidderViewRepo } from './bidder-view.repo';

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
  const repo = bidderViewRepo(ctx.dbh.db);
  return async (request: FastifyRequest, orderId: string): Promise<BidderView> => {
    const token = bearerToken(request);
    const user = token ? await resolver.resolve(token) : null;
    if (user?.role !== 'buyer') return NOT_A_BIDDER;
    const row = await repo.standing(orderId, user.id);
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
