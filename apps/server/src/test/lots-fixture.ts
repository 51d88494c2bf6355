import { createTestApp, envelope, type TestApp } from './test-app';
import { seedLots } from '../db/seed/lots';
import { generateLot } from '../db/seed/lot-generator';
import { insertLots } from '../modules/lots/lot-writer';

export const FIXED_NOW = new Date('2026-06-15T04:00:00Z');
/** A lot whose text carries every LIKE / SQL metacharacter. */
export const ODD_TITLE = String.raw`九成新_特价 100%原版 O'Neil\改装 车`;

/** A test app on a fresh database with the demo lots seeded at FIXED_NOW, plus one odd lot. */
export async function lotsApp(): Promise<TestApp & { oddId: string }> {
  const t = await createTestApp();
  t.setNow(FIXED_NOW);
  await seedLots(t.ctx.dbh.db, FIXED_NOW);
  const seller = await t.ctx.dbh.db.selectFrom('seller_org').select('id').executeTakeFirstOrThrow();
  const g = generateLot(9_999, FIXED_NOW);
  const [oddId] = await insertLots(t.ctx.dbh.db, [
    {
      ...g.lot,
      demo_key: null,
      status: 3,
      title: ODD_TITLE,
      seller_id: seller.id,
      bid_count: 0,
      current_price: g.lot.start_price,
    },
  ]);
  return { ...t, oddId: oddId as string };
}

export async function post<T>(t: TestApp, url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.body, ...envelope<T>(res) };
}

export async function get<T>(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, ...envelope<T>(res) };
}
