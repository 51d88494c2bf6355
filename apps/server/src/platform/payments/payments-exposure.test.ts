import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, makeBuyer, makeLot } from '../../test/bidding-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

const DEPOSIT = '/api/mall-auction/buyer/auc_order/deposit';
const CHINESE = /[\u4e00-\u9fff]/;

async function openDeposit(t: TestApp) {
  const lot = await makeLot(t, { status: 2 });
  const buyer = await makeBuyer(t);
  const res = await call<{ paymentNo: string; payUrl: string }>(t, buyer.token, 'POST', DEPOSIT, {
    orderId: lot,
  });
  return { lot, buyer, res };
}

describe('payments in production without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SCHEDULER_INTERVAL_MS: '0' } });
  });
  afterAll(() => t.close());

  it('answers a Chinese 503 and serves no sandbox at all', async () => {
    const { res } = await openDeposit(t);
    expect(res.status).toBe(503);
    expect(res.msg).toMatch(CHINESE);
    const page = await t.app.inject({ method: 'POST', url: '/api/pay/sandbox/DP1234567890/confirm' });
    expect(page.statusCode).toBe(404);
  });
});

describe.each([
  [
    'production staging with PAYMENT_PROVIDER=sandbox',
    { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
  ],
  ['development', { NODE_ENV: 'development' }],
])('the sandbox cashier in %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, SCHEDULER_INTERVAL_MS: '0' } });
  });
  afterAll(() => t.close());

  const depositState = async (lot: string, buyerId: string) =>
    (
      await t.ctx.dbh.db
        .selectFrom('deposit_ledger')
        .select('state')
        .where('lot_id', '=', lot)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst()
    )?.state;

  it('shows a sandbox banner and refuses anonymous callers and other users', async () => {
    const { lot, buyer, res } = await openDeposit(t);
    expect(res.status).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: res.data.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('沙箱环境');
    expect(page.body).toContain('不会产生真实扣款');

    const bare = `/api/pay/sandbox/${res.data.paymentNo}`;
    const stranger = await makeBuyer(t);
    for (const headers of [{}, { authorization: stranger.token }]) {
      const view = await t.app.inject({ method: 'GET', url: bare, headers });
      expect(view.statusCode).toBe(403);
      expect(view.body).not.toContain(res.data.paymentNo);
      const confirm = await t.app.inject({ method: 'POST', url: `${bare}/confirm`, headers });
      expect(confirm.statusCode).toBe(403);
    }
    // A ticket is bound to its payment: one payment's ticket opens no other.
    const other = await openDeposit(t);
    const ticket = new URL(res.data.payUrl, 'http://x').search;
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/${other.res.data.paymentNo}/confirm${ticket}`,
    });
    expect(crossed.statusCode).toBe(403);
    expect(await depositState(lot, buyer.id)).toBeUndefined();
    expect(await depositState(other.lot, other.buyer.id)).toBeUndefined();

    // The payer, through the page they were sent to, pays.
    const action = /action="([^"]+\/confirm[^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
    expect(action).toBeTruthy();
    const paid = await t.app.inject({ method: 'POST', url: action ?? '' });
    expect(paid.statusCode).toBe(303);
    // The sandbox sends its payment notice after the redirect, as a payment company does: the
    // deposit freezes when that notice is handled (bounded wait, nothing timed).
    await vi.waitFor(async () => expect(await depositState(lot, buyer.id)).toBe('frozen'), {
      timeout: 15_000,
      interval: 50,
    });
  });
});
