import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import type { Acked } from './sniper';

/**
 * The session's invariants, counted rather than asserted (a bench prints): per lot, seq 1..n without
 * gaps, amounts strictly increasing, no bid at or after the end in force and every extension exact,
 * closed once (status, close time, one lot.closed per watcher), deposits settled once (no frozen
 * row, one applied for the winner, one settlement movement per deposit); every acknowledged bid stored as answered.
 */
export async function checkSession(
  db: Kysely<Database>,
  initialEnds: Map<string, number>,
  acked: Acked[],
  closedSeen: Map<string, number>,
  watchersPerLot: number,
) {
  const violations: string[] = [];
  const closeLag: number[] = [];
  const perSecond = new Map<number, number>();
  let extensions = 0;
  let sold = 0;
  let lastEnd = 0;
  const ackedByLot = new Map<string, Acked[]>();
  for (const a of acked) ackedByLot.set(a.lot, [...(ackedByLot.get(a.lot) ?? []), a]);
  const movements = await db
    .selectFrom('deposit_movement')
    .select(['lot_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('lot_id', 'in', [...initialEnds.keys()])
    // Settlements only: the bench froze the deposits straight into the ledger, without movements.
    .where('from_state', '=', 'frozen')
    .groupBy('lot_id')
    .execute();
  const movesOf = new Map(movements.map((m) => [m.lot_id, Number(m.n)]));
  for (const [lotId, initialEnd] of initialEnds) {
    const v = (what: string) => violations.push(`lot ${lotId}: ${what}`);
    const lot = await db.selectFrom('lot').selectAll().where('id', '=', lotId).executeTakeFirstOrThrow();
    const bids = await db.selectFrom('bid').selectAll().where('lot_id', '=', lotId).orderBy('seq').execute();
    let end = initialEnd;
    bids.forEach((b, i) => {
      if (b.seq !== i + 1) v(`seq ${b.seq} at position ${i + 1}`);
      if (i > 0 && Number(b.amount) <= Number(bids[i - 1]?.amount))
        v(`amount not increasing at seq ${b.seq}`);
      const t = b.created_at.getTime();
      if (t >= end) v(`bid ${b.seq} at or after the end in force`);
      const window = lot.extend_window_sec * 1000;
      const expected = end - t < window ? Math.max(end, t + lot.extend_step_sec * 1000) : end;
      if (b.end_time_after?.getTime() !== expected) v(`bid ${b.seq} moved the end wrongly`);
      end = expected;
      if (b.extended) extensions++;
      const second = Math.floor(t / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    });
    if (lot.end_time.getTime() !== end) v('end in force differs from the replayed extensions');
    lastEnd = Math.max(lastEnd, end);
    const bySeq = new Map(bids.map((b) => [b.seq, b]));
    for (const a of ackedByLot.get(lotId) ?? []) {
      const row = bySeq.get(a.seq);
      if (row?.bidder_id !== a.buyerId || fenToYuanString(Number(row.amount)) !== a.amount)
        v(`acknowledged bid ${a.seq} (${a.amount}) not stored as answered`);
    }
    if (lot.status !== 5 && lot.status !== 6) v(`not closed (status ${lot.status})`);
    if (lot.status === 5) sold++;
    if (!lot.closed_at) v('no close time');
    else {
      closeLag.push(lot.closed_at.getTime() - end);
      if (lot.closed_at.getTime() < end) v('closed before its end');
    }
    const seen = closedSeen.get(lotId) ?? 0;
    if (seen !== watchersPerLot) v(`${seen} lot.closed deliveries for ${watchersPerLot} watchers`);
    const ledger = await db
      .selectFrom('deposit_ledger')
      .select(['buyer_id', 'state'])
      .where('lot_id', '=', lotId)
      .execute();
    const applied = ledger.filter((l) => l.state === 'applied').map((l) => l.buyer_id);
    if (ledger.some((l) => l.state === 'frozen')) v('a deposit is still frozen');
    const winner = lot.status === 5 ? bids.at(-1)?.bidder_id : undefined;
    if (JSON.stringify(applied) !== JSON.stringify(winner ? [winner] : []))
      v('applied deposits differ from the winner');
    if ((movesOf.get(lotId) ?? 0) !== ledger.length)
      v(`${movesOf.get(lotId) ?? 0} settlements for ${ledger.length} deposits`);
  }
  return {
    violations,
    closeLag,
    extensions,
    sold,
    unsold: initialEnds.size - sold,
    lastEnd,
    movements: [...movesOf.values()].reduce((a, b) => a + b, 0),
    peakPerSecond: Math.max(0, ...perSecond.values()),
  };
}
