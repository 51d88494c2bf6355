import type { Transaction } from 'kysely';
import { LOT_STATUS } from '@chepai/shared/contracts/lot-enums';
import type { Database } from '../schema';
import { frozenSeedDeposits, paySeedDeposits, type SeedDeposit } from './demo-deposits';
import type { GeneratedLot } from './lot-generator';

const HOUR = 3_600_000;
const OPEN: ReadonlySet<number> = new Set([LOT_STATUS.registration, LOT_STATUS.bidding, LOT_STATUS.extended]);

/** A demo lot being (re)written: its generated content, its index among the demo lots, its row id. */
export interface FreshLot {
  g: GeneratedLot;
  index: number;
  lotId: string;
}

/**
 * The bid rows of freshly written demo lots. The leading bidder of each open one is a demo account,
 * so a lot that closes while the demo runs is sold to someone who can see and pay the deal; the
 * other bidders, and every bidder of a lot generated as already closed, stay account-less history.
 * The leader has paid its deposit as any buyer must (docs/decisions/058-demo-deposits.md) and bids
 * under that deposit's bidder number. The leader is the account whose seeded deposit is still
 * frozen on the lot, else one picked by the lot's index.
 */
export async function demoBids(trx: Transaction<Database>, fresh: FreshLot[], demoIds: string[]) {
  const held = await frozenSeedDeposits(
    trx,
    fresh.map((f) => f.lotId),
  );
  // Only open lots: a lot generated as already closed has no deal behind it, so a demo account on
  // top would read as 已成交 in its 出价记录 with nothing to sign or pay.
  const led = fresh.flatMap((f) => {
    const top = f.g.bids.at(-1);
    if (!top || !OPEN.has(f.g.lot.status)) return [];
    const account = held.get(f.lotId)?.buyerId ?? demoIds[f.index % Math.max(demoIds.length, 1)];
    return account ? [{ ...f, account, madeUpNo: top.bidder_no }] : [];
  });
  const due: SeedDeposit[] = led
    .filter((l) => !held.has(l.lotId))
    .map((l) => {
      const first = l.g.bids.find((b) => b.bidder_no === l.madeUpNo) as GeneratedLot['bids'][number];
      const regStart = new Date(l.g.lot.reg_start_time).getTime();
      return {
        lotId: l.lotId,
        buyerId: l.account,
        lotTitle: l.g.lot.title,
        amount: Number(l.g.lot.deposit),
        // Registered before the first bid, as the engine demands.
        paidAt: new Date(Math.max(regStart, first.created_at.getTime() - HOUR)),
      };
    });
  const paid = await paySeedDeposits(trx, due);
  const leaders = new Map(led.map((l) => [l.lotId, l]));
  return fresh.flatMap(({ g, lotId }) => {
    const leader = leaders.get(lotId);
    const depositNo = held.get(lotId)?.bidderNo ?? paid.get(lotId);
    return g.bids.map((b) => {
      if (leader && b.bidder_no === leader.madeUpNo)
        return { ...b, lot_id: lotId, bidder_id: leader.account, bidder_no: depositNo ?? b.bidder_no };
      // Another bidder drawn with the deposit's number takes the leader's made-up one: one number, one bidder.
      const swapped = leader && depositNo !== undefined && b.bidder_no === depositNo;
      return { ...b, lot_id: lotId, bidder_id: null, bidder_no: swapped ? leader.madeUpNo : b.bidder_no };
    });
  });
}
