import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken } from '../accounts/auth-check';
import { sessions } from '../accounts/sessions';
import { biddingRepo } from './bidding.repo';

/**
 * What a public lot page shows the logged-in buyer about themselves: registered (deposit paid)
 * and leading. Anonymous visitors, sellers and stale tokens simply get false — the page is public.
 */
export function bidderView(ctx: AppContext) {
  const resolver = sessions(ctx);
  return async (request: FastifyRequest, orderId: string): Promise<{ registered: boolean; leading: boolean }> => {
    const token = bearerToken(request);
    const user = token ? await resolver.resolve(token) : null;
    if (user?.role !== 'buyer') return { registered: false, leading: false };
    const [deposit, found] = await Promise.all([biddingRepo.deposit(ctx.dbh.db, orderId, user.id), biddingRepo.lotWithTop(ctx.dbh.db, orderId, false)]);
    return { registered: Boolean(deposit && deposit.state !== 'refunded'), leading: found?.top?.bidder_id === user.id };
  };
}
