import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { LOT_STATUS } from '@chepai/shared/contracts/lot-enums';
import { withDerivedColumns } from '../../modules/lots/lot-writer';
import { splitLot } from '../../modules/lots/lot-writer.repo';
import type { Database, LotBaseTable } from '../schema';
import { demoKeyOf, generateLot } from './lot-generator';
import { SELLERS } from './lot-data';
import { demoBuyerIds } from './accounts';
import { SEED_DEPOSIT_PREFIX } from './demo-deposits';
import { demoBids } from './demo-leaders';

export const DEMO_LOT_COUNT = 330;
const BATCH = 50;
const ENDED: readonly number[] = [LOT_STATUS.sold, LOT_STATUS.unsold, LOT_STATUS.withdrawn];

/**
 * A demo lot that is real data now (docs/decisions/058-demo-deposits.md): a bid through the engine (it
 * sets leader_id), a deal, or a payment other than the seed's own deposit while that is still frozen.
 */
function keptAsRealData(eb: ExpressionBuilder<Database, 'lot_base'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('lot_live')
        .select('lot_live.lot_id')
        .whereRef('lot_live.lot_id', '=', 'lot_base.id')
        .where('lot_live.leader_id', 'is not', null),
    ),
    eb.exists(eb.selectFrom('deal').select('deal.lot_id').whereRef('deal.lot_id', '=', 'lot_base.id')),
    eb.exists(
      eb
        .selectFrom('payment')
        .select('payment.payment_no')
        .whereRef('payment.lot_id', '=', 'lot_base.id')
        .where((p) =>
          p.not(
            p.exists(
              p
                .selectFrom('deposit_ledger as d')
                .select('d.id')
                .whereRef('d.payment_no', '=', 'payment.payment_no')
                .where('d.state', '=', 'frozen')
                .where('d.payment_no', 'like', `${SEED_DEPOSIT_PREFIX}%`),
            ),
          ),
        ),
    ),
  ]);
}

/** A demo key's generation: `demo-00042` is the first, `demo-00042.2` the second. */
const generationOf = (key: string) => Number(key.split('.')[1] ?? 1);

/**
 * The key each demo slot writes now. A slot's lot is `demo-00042`; once that lot has ended as real
 * data (sold under its deal, unsold with its deposits refunded, withdrawn) it stays, as a result in
 * 结果公示, and the slot goes on with a lot of the next generation, `demo-00042.2` (another car in
 * the same hall), and so on: the halls keep their lots however long the demo runs. A slot whose lot
 * is real but still open (a buyer bidding on it) keeps it and gets no other.
 */
async function slotKeys(trx: Transaction<Database>, bases: string[]): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('lot_base')
    .select((eb) => ['lot_base.demo_key', 'lot_base.status', keptAsRealData(eb).as('kept')])
    .where(sql<string>`split_part(lot_base.demo_key, '.', 1)`, 'in', bases)
    .execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = row.demo_key ?? '';
    const base = key.split('.')[0] ?? key;
    const seen = latest.get(base);
    if (!seen || generationOf(key) > generationOf(seen.demo_key ?? '')) latest.set(base, row);
  }
  return new Map(
    bases.map((base) => {
      const row = latest.get(base);
      if (!row?.demo_key) return [base, base];
      const done = Boolean(row.kept) && ENDED.includes(row.status);
      return [base, done ? `${base}.${generationOf(row.demo_key) + 1}` : row.demo_key];
    }),
  );
}

/**
 * Demo lots with times relative to `now`, re-derived at every start so that each hall always has
 * lots: rows are keyed by demo_key (updated in place, never duplicated); their photos and bid
 * history are replaced. View counts are kept. A lot that buyers have acted on is real data and is
 * left alone; once it has ended its slot continues with a new lot (`slotKeys`, docs/decisions/058).
 */
export async function seedLots(db: Kysely<Database>, now: Date, count = DEMO_LOT_COUNT) {
  const demoIds = await demoBuyerIds(db);
  const sellerIds: string[] = [];
  for (const s of SELLERS) {
    const row = await db
      .insertInto('seller_org')
      .values({
        code: s.code,
        name: s.name,
        org_type: s.type,
        contact_name: s.contact,
        contact_phone: s.phone,
      })
      .onConflict((oc) => oc.column('code').doUpdateSet({ name: s.name, org_type: s.type }))
      .returning('id')
      .executeTakeFirstOrThrow();
    sellerIds.push(row.id);
  }
  for (let from = 0; from < count; from += BATCH) {
    await db.transaction().execute(async (trx) => {
      const slots = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => from + k);
      const keys = await slotKeys(trx, slots.map(demoKeyOf));
      const generated = slots.map((i) => {
        const key = keys.get(demoKeyOf(i)) ?? demoKeyOf(i);
        const g = generateLot(i, now, generationOf(key));
        return { ...g, lot: { ...g.lot, demo_key: key } };
      });
      const rows = generated.map((g) =>
        splitLot(withDerivedColumns({ ...g.lot, seller_id: sellerIds[g.sellerIndex] as string })),
      );
      const saved = await trx
        .insertInto('lot_base')
        .values(rows.map((r) => r.base))
        .onConflict((oc) =>
          oc
            .column('demo_key')
            .doUpdateSet((eb) => {
              const keep = new Set(['id', 'demo_key', 'views', 'watchers', 'created_at']);
              const cols = Object.keys(rows[0]?.base ?? {}).filter((c) => !keep.has(c)) as Array<
                keyof LotBaseTable
              >;
              return Object.fromEntries(
                cols.map((c) => [c, eb.ref(`excluded.${c}` as `excluded.${'title'}`)]),
              );
            })
            // Real data is left alone (keptAsRealData).
            .where((eb) => eb.not(keptAsRealData(eb))),
        )
        .returning(['id', 'demo_key'])
        .execute();
      // Each saved lot's live row, as generated (a new lot's, or a demo lot's written afresh).
      const liveByKey = new Map(rows.map((r) => [r.base.demo_key, r.live]));
      if (saved.length)
        await trx
          .insertInto('lot_live')
          .values(saved.map((s) => ({ ...liveByKey.get(s.demo_key)!, lot_id: s.id })))
          .onConflict((oc) =>
            oc.column('lot_id').doUpdateSet((eb) => ({
              current_price: eb.ref('excluded.current_price'),
              bid_count: eb.ref('excluded.bid_count'),
              end_time: eb.ref('excluded.end_time'),
              leader_id: eb.ref('excluded.leader_id'),
              leader_max: eb.ref('excluded.leader_max'),
            })),
          )
          .execute();
      const idByKey = new Map(saved.map((s) => [s.demo_key, s.id]));
      const ids = [...idByKey.values()];
      if (!ids.length) return;
      await trx.deleteFrom('lot_photo').where('lot_id', 'in', ids).execute();
      await trx.deleteFrom('bid').where('lot_id', 'in', ids).execute();
      const fresh = generated.flatMap((g, k) => {
        const lotId = idByKey.get(g.lot.demo_key ?? '');
        return lotId ? [{ g, index: from + k, lotId }] : [];
      });
      await trx
        .insertInto('lot_photo')
        .values(fresh.flatMap(({ g, lotId }) => g.photos.map((p) => ({ ...p, lot_id: lotId }))))
        .execute();
      const bids = await demoBids(trx, fresh, demoIds);
      if (bids.length) await trx.insertInto('bid').values(bids).execute();
    });
  }
}
