import type { Kysely } from 'kysely';
import { withDerivedColumns } from '../../modules/lots/lot-writer';
import type { Database, LotTable } from '../schema';
import { generateLot } from './lot-generator';
import { SELLERS } from './lot-data';
import { demoBuyers } from './accounts';

export const DEMO_LOT_COUNT = 330;
const BATCH = 50;

/**
 * Demo lots with times relative to `now`, re-derived at every start so that each hall always has
 * lots: rows are keyed by demo_key (updated in place, never duplicated); their photos and bid
 * history are replaced. View counts are kept.
 */
export async function seedLots(db: Kysely<Database>, now: Date, count = DEMO_LOT_COUNT) {
  // The leading bidder of each demo lot is a demo account: a lot that closes while the demo runs
  // is sold to someone who can see and pay the deal; the others stay account-less history.
  const demoIds = (
    await db
      .selectFrom('app_user')
      .select('id')
      .where(
        'tel',
        'in',
        demoBuyers.map((b) => b.tel),
      )
      .orderBy('tel')
      .execute()
  ).map((r) => r.id);
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
            // A demo lot that buyers have paid deposits or bid on is real data now: leave it alone.
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('payment')
                    .select('payment.payment_no')
                    .whereRef('payment.lot_id', '=', 'lot.id'),
                ),
              ),
            ),
        )
        .returning(['id', 'demo_key'])
        .execute();
      const idByKey = new Map(saved.map((s) => [s.demo_key, s.id]));
      const ids = [...idByKey.values()];
      await trx.deleteFrom('lot_photo').where('lot_id', 'in', ids).execute();
      await trx.deleteFrom('bid').where('lot_id', 'in', ids).execute();
      const fresh = generated.filter((g) => idByKey.has(g.lot.demo_key ?? ''));
      const photos = fresh.flatMap((g) =>
        g.photos.map((p) => ({ ...p, lot_id: idByKey.get(g.lot.demo_key ?? '') as string })),
      );
      await trx.insertInto('lot_photo').values(photos).execute();
      const bids = fresh.flatMap((g, i) => {
        const leader = g.bids.at(-1)?.bidder_no;
        const account = demoIds.length ? demoIds[(from + i) % demoIds.length] : undefined;
        return g.bids.map((b) => ({
          ...b,
          bidder_id: account && b.bidder_no === leader ? account : null,
          lot_id: idByKey.get(g.lot.demo_key ?? '') as string,
        }));
      });
      if (bids.length) await trx.insertInto('bid').values(bids).execute();
    });
  }
}
