import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { generateLot } from '../../apps/server/src/db/seed/lot-generator';
import { seedLots } from '../../apps/server/src/db/seed/lots';
import { withDerivedColumns } from '../../apps/server/src/modules/lots/lot-writer';
import { lotWriterRepo } from '../../apps/server/src/modules/lots/lot-writer.repo';

const BATCH = 500;
const PARALLEL = 3;

/** Bulk-loads `count` generated lots (multi-row inserts, a few batches at once) with their photos. */
export async function loadLots(db: Kysely<Database>, _url: string, count: number, now: Date) {
  await seedLots(db, now, 0);
  const sellers = (await db.selectFrom('seller_org').select('id').orderBy('id').execute()).map((s) => s.id);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const from = next;
      next += BATCH;
      const gen = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => generateLot(from + k, now));
      // Each lot's two rows (decision 065), as the product writes them.
      const ids = await lotWriterRepo(db).insert(
        gen.map((g) =>
          withDerivedColumns({
            ...g.lot,
            demo_key: null,
            seller_id: sellers[g.sellerIndex % sellers.length] as string,
          }),
        ),
      );
      const photos = gen.flatMap((g, k) => g.photos.map((p) => ({ ...p, lot_id: ids[k] as string })));
      await db.insertInto('lot_photo').values(photos).execute();
      if ((from / BATCH) % 40 === 0) process.stdout.write(`  ${from + gen.length} lots\r`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // The steady state of a live table, where autovacuum keeps statistics and the visibility map current.
  await sql`vacuum analyze lot_base`.execute(db);
  await sql`vacuum analyze lot_live`.execute(db);
  await sql`vacuum analyze lot_photo`.execute(db);
}
