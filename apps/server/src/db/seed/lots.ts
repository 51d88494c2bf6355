import type { Kysely } from 'kysely';
import { withDerivedColumns } from '../../modules/lots/lot-writer';
import type { Database, LotTable } from '../schema';
import { generateLot } from './lot-generator';
import { SELLERS } from './lot-data';
import { demoBuyerIds } from './accounts';
import { SEED_DEPOSIT_PREFIX } from './demo-deposits';
import { demoBids } from './demo-leaders';

export const DEMO_LOT_COUNT = 330;
const BATCH = 50;

/**
 * Demo lots with times relative to `now`, re-derived at every start so that each hall always has
 * lots: rows are keyed by demo_key (updated in place, never duplicated); their photos and bid
 * history are replaced. View counts are kept. A lot that buyers have acted on is real data and is
 * left alone (docs/decisions/058-demo-deposits.md).
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
    const generated = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) =>
      generateLot(from + k, now),
    );
    await db.transaction().execute(async (trx) => {
      const rows = generated.map((g) =>
        withDerivedColumns({ ...g.lot, seller_id: sellerIds[g.sellerIndex] as string }),
      );
      const saved = await trx
        .insertInto('lot')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('demo_key')
            .doUpdateSet((eb) => {
              const keep = new Set(['id', 'demo_key', 'views', 'watchers', 'created_at']);
              const cols = Object.keys(rows[0] ?? {}).filter((c) => !keep.has(c)) as Array<keyof LotTable>;
              return Object.fromEntries(
                cols.map((c) => [c, eb.ref(`excluded.${c}` as `excluded.${'title'}`)]),
              );
            })
            // Real data is left alone: a bid through the engine (it sets leader_id), a deal, a payment
            // other than the seed's own deposit while that is still frozen.
            .where((eb) =>
              eb.and([
                eb('lot.leader_id', 'is', null),
                eb.not(
                  eb.exists(
                    eb.selectFrom('deal').select('deal.lot_id').whereRef('deal.lot_id', '=', 'lot.id'),
                  ),
                ),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('payment')
                      .select('payment.payment_no')
                      .whereRef('payment.lot_id', '=', 'lot.id')
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
                ),
              ]),
            ),
        )
        .returning(['id', 'demo_key'])
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
