import type { bidding } from '@chepai/shared';
import { generateLot } from '../db/seed/lot-generator';
import type { AppContext } from '../context';
import { envelope, type TestApp } from './test-app';
import { sessions } from '../modules/accounts/sessions';
import { insertLots, type NewLot } from '../modules/lots/lot-writer';
import { postJournals } from '../modules/ledger/ledger';
import { paymentJournal } from '../modules/settlement/postings';

let buyerCount = 0;

/** A buyer account with a live session token. */
export async function makeBuyer(t: { ctx: AppContext }): Promise<{ id: string; token: string }> {
  const n = ++buyerCount;
  const row = await t.ctx.dbh.db
    .insertInto('app_user')
    .values({
      role: 'buyer',
      tel: `137${String(Date.now() % 1e4).padStart(4, '0')}${String(n).padStart(4, '0')}`,
      real_name: `竞买人${n}`,
      bidder_type: 'personal',
      agreed_at: t.ctx.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await sessions(t.ctx).create(row.id, '127.0.0.1') };
}

/** A staff account with a console session (what the issuer's sign-in ends in). */
export async function makeOperator(
  t: { ctx: AppContext },
  role: 'reviewer' | 'scheduler' | 'finance' | 'admin',
): Promise<{ id: string; token: string }> {
  const user = await t.ctx.dbh.db
    .insertInto('app_user')
    .values({ role: 'operator', real_name: `运营${role}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.dbh.db.insertInto('operator_role').values({ user_id: user.id, role }).execute();
  return { id: user.id, token: await sessions(t.ctx).create(user.id, '127.0.0.1', 'test') };
}

/**
 * Frozen deposits written straight into the ledger (with their paid payment orders and the
 * receipt journals a paid payment posts, decision 022), for benchmarks that measure bidding
 * rather than the payment flow. Bidder numbers from `firstNo`.
 */
export async function freezeDepositsDirectly(
  t: { ctx: AppContext },
  lotId: string,
  buyerIds: string[],
  tag: string,
  firstNo: number,
) {
  const now = t.ctx.now();
  const amount = 1_000 * YUAN;
  const paymentNo = (i: number) => `${tag}${i}`;
  await t.ctx.dbh.db.transaction().execute(async (trx) => {
    const payments = await trx
      .insertInto('payment')
      .values(
        buyerIds.map((id, i) => ({
          payment_no: paymentNo(i),
          purpose: 'deposit' as const,
          lot_id: lotId,
          buyer_id: id,
          amount,
          subject: 'bench',
          provider: 'sandbox',
          status: 'paid' as const,
          created_at: now,
          paid_at: now,
        })),
      )
      .returningAll()
      .execute();
    await postJournals(
      trx,
      payments.map((p) => paymentJournal(p, now)),
    );
    await trx
      .insertInto('deposit_ledger')
      .values(
        buyerIds.map((id, i) => ({
          lot_id: lotId,
          buyer_id: id,
          payment_no: paymentNo(i),
          bidder_no: String(firstNo + i),
          state: 'frozen' as const,
          amount,
          frozen_at: now,
        })),
      )
      .execute();
  });
}

export const YUAN = 100;
export const MIN = 60_000;

/** A lot in bidding (status 3) by default: start 10,000 元, increment 500 元, deposit 1,000 元, ends in an hour. */
export async function makeLot(t: { ctx: AppContext }, over: Partial<NewLot> = {}): Promise<string> {
  const db = t.ctx.dbh.db;
  const now = t.ctx.now().getTime();
  let seller = await db.selectFrom('seller_org').select('id').executeTakeFirst();
  seller ??= await db
    .insertInto('seller_org')
    .values({ code: 'TEST-SELLER', name: '测试处置单位', org_type: '企业' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const g = generateLot(3, new Date(now));
  const [id] = await insertLots(db, [
    {
      ...g.lot,
      demo_key: null,
      seller_id: seller.id,
      status: 3,
      start_price: 10_000 * YUAN,
      increment: 500 * YUAN,
      deposit: 1_000 * YUAN,
      reserve_price: null,
      current_price: 10_000 * YUAN,
      bid_count: 0,
      preview_time: new Date(now - 3 * 3600_000),
      reg_start_time: new Date(now - 2 * 3600_000),
      start_time: new Date(now - 3600_000),
      end_time: new Date(now + 3600_000),
      extend_window_sec: 300,
      extend_step_sec: 300,
      ...over,
    },
  ]);
  return id as string;
}

export async function call<T>(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: token } : {},
  });
  return { status: res.statusCode, ...envelope<T>(res) };
}

/** Registers for the lot: the deposit endpoint, then the payment company's success notification. */
export async function payDeposit(t: TestApp, token: string, orderId: string) {
  const res = await call<{ paymentNo: string; payUrl: string }>(
    t,
    token,
    'POST',
    '/api/mall-auction/buyer/auc_order/deposit',
    { orderId },
  );
  if (res.status !== 200) throw new Error(`deposit failed: ${res.msg}`);
  await t.app.inject({ method: 'POST', url: `/api/dev/payments/${res.data.paymentNo}/succeed` });
  return res.data;
}

export type BidAnswer = { result: string; bid: bidding.AcceptedBid | null; state: bidding.LotLiveState };
export type Rejection = bidding.BidRejectionData;

export const placeBid = (t: TestApp, token: string, orderId: string, amount: string, maxAmount?: string) =>
  call<BidAnswer & Rejection>(t, token, 'POST', '/api/mall-auction/buyer/auc_order/bid', {
    orderId,
    amount,
    ...(maxAmount ? { maxAmount } : {}),
  });

/** Moves a lot's end as a reschedule does: the end and its listing copy together (decision 006). */
export async function setLotEnd(db: AppContext['dbh']['db'], lotId: string, end: Date) {
  await db
    .with('live', (w) => w.updateTable('lot_live').set({ end_time: end }).where('lot_id', '=', lotId))
    .updateTable('lot_base')
    .set({ list_end_time: end })
    .where('id', '=', lotId)
    .execute();
}

/** The latest code the development outbox holds for the buyer's phone and purpose. */
export async function latestCode(t: TestApp, userId: string, purpose: string) {
  const { db } = t.ctx.dbh;
  const { tel } = await db
    .selectFrom('app_user')
    .select('tel')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('sms_outbox')
    .select('code')
    .where('tel', '=', tel ?? '')
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.code;
}

/** Signs the won lot's 成交确认书 online: read its digest, get a code, sign. */
export async function signDeal(t: TestApp, buyer: { id: string; token: string }, orderId: string) {
  const detail = await call<{ contract: { sha256: string } }>(
    t,
    buyer.token,
    'GET',
    `/api/mall-auction/buyer/auc_order/detail?orderId=${orderId}`,
  );
  const sent = await call(t, buyer.token, 'POST', '/api/mall-auction/buyer/auc_order/sign/code', { orderId });
  if (sent.status !== 200) throw new Error(`sign code failed: ${sent.msg}`);
  const code = await latestCode(t, buyer.id, 'signContract');
  const signed = await call<{ signedAt: number }>(
    t,
    buyer.token,
    'POST',
    '/api/mall-auction/buyer/auc_order/sign',
    {
      orderId,
      code,
      sha256: detail.data.contract.sha256,
    },
  );
  if (signed.status !== 200) throw new Error(`sign failed: ${signed.msg}`);
  return signed.data;
}
