import { bidding } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { createDbLiveBus } from '../../platform/live/live-bus';
import { paymentsFor } from '../../platform/payments/payments';
import { addScheduledJob } from '../../platform/scheduler/app-scheduler';
import { currentUser } from '../accounts/auth-check';
import { biddingRepo } from './bidding.repo';
import { biddingService } from './bidding.service';
import { eventsOfBid, type BusEvent } from './live-events';
import { registerLiveChannel } from './live-channel';
import { listingKeys } from './listing-keys';
import { myRecords } from './my-records';

/** Deposits, bids, the close and the live channel. */
export function registerBidding(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.dbh;
  const repo = biddingRepo(db);
  const bus = createDbLiveBus<BusEvent>(ctx.dbh, {
    // Events too large for NOTIFY are rebuilt from the bid row.
    load: async (lotId, seq) => {
      const [lot, bid] = await Promise.all([repo.lot(lotId), repo.bidAt(lotId, seq)]);
      return lot && bid ? eventsOfBid(lotId, bid, lot) : [];
    },
    onError: (err) => ctx.log.error({ err }, 'live bus delivery failed'),
  });
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());

  const listing = listingKeys(db, ctx.now);
  const service = biddingService(ctx, paymentsFor(ctx), bus, listing);
  app.addHook('onClose', () => service.drainOutbids());
  addScheduledJob(app, ctx, { name: 'lot-status', tick: (now) => service.advanceStatuses(now) });
  addScheduledJob(app, ctx, { name: 'lot-close', tick: (now) => service.closeDueLots(now) });
  addScheduledJob(app, ctx, { name: 'listing-keys', tick: (now) => listing.tick(now) });

  route(app, bidding.deposit, async ({ orderId }, { request }) =>
    service.registerDeposit(currentUser(request).id, orderId),
  );
  route(app, bidding.depositInfo, async ({ orderId }, { request }) =>
    service.depositInfo(currentUser(request).id, orderId),
  );
  route(app, bidding.placeBid, async (input, { request }) =>
    service.placeBid({ buyerId: currentUser(request).id, ...input }),
  );
  const records = myRecords(db);
  route(app, bidding.myBidRecord, async ({ pageNum, pageSize }, { request }) =>
    records.bids(currentUser(request).id, pageNum, pageSize),
  );
  route(app, bidding.myDeals, async ({ pageNum, pageSize }, { request }) =>
    records.deals(currentUser(request).id, pageNum, pageSize),
  );
  route(app, bidding.myDeposits, async ({ pageNum, pageSize }, { request }) =>
    records.deposits(currentUser(request).id, pageNum, pageSize),
  );
  registerLiveChannel(app, ctx, bus);
}
