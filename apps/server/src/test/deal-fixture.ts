import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedSellers } from '../db/seed/sellers';
import { sessions } from '../modules/accounts/sessions';
import { schedulerFor } from '../platform/scheduler/app-scheduler';
import {
  call,
  makeBuyer,
  makeLot,
  makeOperator,
  MIN,
  payDeposit,
  placeBid,
  signDeal,
} from './bidding-fixture';
import { sellerKit } from './seller-kit';
import type { TestApp } from './test-app';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** The text of a PDF, as pdftotext (poppler) reads it. */
export function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'deal-pdf-'));
  writeFileSync(join(dir, 'd.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
}

/**
 * What the deal tests share: two seller units' members, the test clock, a won lot with bidders
 * below the winner, the buyer's and seller's endpoints, an operator with a console session.
 */
export async function dealKit(t: TestApp & { baseUrl: string }) {
  await seedSellers(t.ctx);
  const s = sellerKit(t.baseUrl);
  const seller = { a: await s.token('lixiaomei'), b: await s.token('chenqiang'), aUserId: '', unitA: '' };
  const me = await sessions(t.ctx).resolve(seller.a);
  if (!me) throw new Error('no seller session');
  // 李晓梅 acts for one unit only.
  const unit = await t.ctx.dbh.db
    .selectFrom('seller_member')
    .select('seller_org_id')
    .where('user_id', '=', me.id)
    .executeTakeFirstOrThrow();
  seller.aUserId = me.id;
  seller.unitA = unit.seller_org_id;

  /** Moves the clock; every session stays signed in (the deal spans days, sessions idle out in 2 h). */
  async function clock(ms: number) {
    t.setNow(new Date(ms));
    await t.ctx.dbh.db
      .updateTable('user_session')
      .set({ last_seen_at: new Date(ms), expires_at: new Date(ms + 7 * DAY) })
      .where('revoked_at', 'is', null)
      .execute();
  }
  const tick = () => schedulerFor(t.ctx).scheduler.runOnce();

  /**
   * A lot of unit A closed at `at`: `under` bidders bid 10,000, 10,500, … and the winner 12,000
   * (deposit 1,000 applied). `buyer` may be an existing buyer (for strikes).
   */
  async function wonLot(
    at: number,
    opts: {
      under?: number;
      buyer?: { id: string; token: string };
      beforeClose?: (lot: string) => Promise<void>;
    } = {},
  ) {
    await clock(at - 30 * MIN);
    const buyer = opts.buyer ?? (await makeBuyer(t));
    const lot = await makeLot(t, {
      end_time: new Date(at),
      seller_id: seller.unitA,
      title: '2021款 大众 帕萨特 330TSI',
    });
    await t.ctx.dbh.db
      .insertInto('auction_order')
      .values({
        id: lot,
        seller_org_id: seller.unitA,
        submitted_by: seller.aUserId,
        stage: 'approved',
        form: JSON.stringify({ photos: ['1'], title: '2021款 大众 帕萨特 330TSI', startPrice: 900_000 }),
        title: '2021款 大众 帕萨特 330TSI',
        vin: 'LSVAU2A30000DEAL1',
        plate_no: '京A12345',
        submitted_at: new Date(at - DAY),
        updated_at: new Date(at - DAY),
      })
      .execute();
    const others: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < (opts.under ?? 0); i++) {
      const b = await makeBuyer(t);
      await payDeposit(t, b.token, lot);
      const bid = await placeBid(t, b.token, lot, String(10_000 + 500 * i));
      if (bid.status !== 200) throw new Error(`bid failed: ${bid.msg}`);
      others.push(b);
    }
    await payDeposit(t, buyer.token, lot);
    const won = await placeBid(t, buyer.token, lot, '12000');
    if (won.status !== 200) throw new Error(`winning bid failed: ${won.msg}`);
    await opts.beforeClose?.(lot);
    await clock(at);
    await tick();
    return { lot, buyer, others };
  }

  const buyerApi = <T = unknown>(
    token: string,
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown>,
  ) =>
    method === 'GET'
      ? call<T>(
          t,
          token,
          'GET',
          `/api/mall-auction/buyer/auc_order/${path}?${new URLSearchParams(body as Record<string, string>).toString()}`,
        )
      : call<T>(t, token, 'POST', `/api/mall-auction/buyer/auc_order/${path}`, body);
  const sellerApi = <T = unknown>(token: string, path: string, body: Record<string, unknown>) =>
    call<T>(t, token, 'POST', `/api/mall-auction/seller/auc_order/${path}`, body);
  const paid = (paymentNo: string) =>
    t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });

  /** Signs the deal, pays the balance and the buyer's fee; returns their payment numbers. */
  async function payInFull(buyer: { id: string; token: string }, lot: string) {
    await signDeal(t, buyer, lot);
    const numbers: string[] = [];
    for (const path of ['pay', 'serviceFee/pay']) {
      const r = await buyerApi<{ paymentNo: string }>(buyer.token, 'POST', path, { orderId: lot });
      if (r.status !== 200) throw new Error(`${path} failed: ${r.msg}`);
      await paid(r.data.paymentNo);
      numbers.push(r.data.paymentNo);
    }
    return { balance: numbers[0]!, fee: numbers[1]! };
  }

  const operator = (role: Parameters<typeof makeOperator>[1]) => makeOperator(t, role);

  return { seller, clock, tick, wonLot, buyerApi, sellerApi, paid, payInFull, operator };
}
