import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCollectionAccounts } from '../../db/seed/collection-accounts';
import { paymentsFor } from '../../platform/payments/payments';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { MIN } from '../../test/bidding-fixture';
import { dealKit, HOUR } from '../../test/deal-fixture';
import { createListeningTestApp } from '../../test/listening-app';
import type { TestApp } from '../../test/test-app';

// A retry after an unknown outcome re-sends the same request number (decision 023).
let t: TestApp & { baseUrl: string };
let kit: Awaited<ReturnType<typeof dealKit>>;
const db = () => t.ctx.dbh.db;
const sandbox = () => paymentsFor(t.ctx).transfers!;

async function runJobs() {
  for (let i = 0; i < 2; i++) {
    await schedulerFor(t.ctx).scheduler.runOnce();
    await sandbox().drain();
  }
}
const atSandbox = (ref: string) =>
  db()
    .selectFrom('sandbox_transfer')
    .select(['merchant_no', 'status'])
    .where('merchant_no', 'like', `${ref}#%`)
    .orderBy('merchant_no')
    .execute();
const journals = (id: string) =>
  db().selectFrom('journal').select('journal_id').where('journal_id', '=', id).execute();

/** A won lot of the demo unit, paid in full and handed over at `at`. */
async function handedOver(at: number, before: () => void) {
  const { lot, buyer, others } = await kit.wonLot(at, { under: 1 });
  await runJobs();
  await kit.payInFull(buyer, lot);
  before();
  const r = await kit.sellerApi(kit.seller.a, 'confirmReceipt', {
    orderId: lot,
    handoverTime: at,
    mileageKm: 30_000,
  });
  expect(r.status, r.msg).toBe(200);
  await runJobs();
  const payout = () =>
    db().selectFrom('payout').selectAll().where('lot_id', '=', lot).executeTakeFirstOrThrow();
  return { lot, others, payout };
}

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  kit = await dealKit(t);
  // The demo seed's account of the unit: a completed deal is paid out to it.
  await seedCollectionAccounts(t.ctx);
}, 180_000);
afterAll(() => t.close());

describe('payouts and refunds after an unknown outcome', () => {
  it('a payout whose answer was lost goes again under the same number: one transfer, one payout journal', async () => {
    const at = Date.now() + HOUR;
    const { payout } = await handedOver(at, () => sandbox().loseNextAnswers(1));
    const lost = await payout();
    expect(lost).toMatchObject({ status: 'pending', attempts: 1, tries: 1, attempt_open: true });
    expect(lost.failure).toContain('超时');
    expect(await atSandbox(lost.payout_no)).toEqual([
      { merchant_no: `${lost.payout_no}#1`, status: 'SUCCESS' },
    ]);

    // The retry after the back-off: the sandbox answers its first transfer; its notice comes later.
    await kit.clock(at + 61_000);
    await runJobs();
    expect(await payout()).toMatchObject({ status: 'sent', attempts: 1, tries: 2 });
    await kit.clock(at + 6 * MIN);
    await runJobs();
    const done = await payout();
    expect(done).toMatchObject({
      status: 'paid',
      attempts: 1,
      account_name: '京运汽车融资租赁（北京）有限公司',
    });
    expect(await atSandbox(done.payout_no)).toHaveLength(1);
    expect(await journals(`payout-sent:${done.payout_no}`)).toHaveLength(1);
  });

  it('a refusal ends the request number: the next send is a new one', async () => {
    const at = Date.now() + 2 * HOUR;
    const { payout } = await handedOver(at, () => sandbox().refuseNext('商户余额不足'));
    expect(await payout()).toMatchObject({
      status: 'pending',
      attempts: 1,
      attempt_open: false,
      failure: '商户余额不足',
    });
    const no = (await payout()).payout_no;
    expect(await atSandbox(no)).toEqual([]);
    await kit.clock(at + 61_000);
    await runJobs();
    expect(await payout()).toMatchObject({ status: 'paid', attempts: 2, tries: 2 });
    expect(await atSandbox(no)).toEqual([{ merchant_no: `${no}#2`, status: 'SUCCESS' }]);
  });

  it('a deposit refund whose answer was lost is sent again as is; its FAILED notice opens the next number', async () => {
    const at = Date.now() + 3 * HOUR;
    const { lot, buyer, others } = await kit.wonLot(at, {
      under: 1,
      beforeClose: async () => {
        sandbox().loseNextAnswers(1);
        sandbox().failNext('原账户已注销');
      },
    });
    await runJobs();
    expect(buyer.id).not.toBe(others[0]!.id);
    const refundNo = `RFD${lot}U${others[0]!.id}`;
    const refund = () =>
      db().selectFrom('refund').selectAll().where('refund_no', '=', refundNo).executeTakeFirstOrThrow();
    expect(await refund()).toMatchObject({ status: 'pending', attempts: 1, attempt_open: true });
    await kit.clock(at + 61_000);
    await runJobs();
    expect(await refund()).toMatchObject({ status: 'sent', attempts: 1, tries: 2 });
    expect(await atSandbox(refundNo)).toHaveLength(1);
    // The bank's FAILED notice for #1 (late): that number is done; after the back-off (second try: 5 min) comes #2.
    await kit.clock(at + 6 * MIN);
    await runJobs();
    expect(await refund()).toMatchObject({ status: 'pending', attempts: 1, attempt_open: false });
    await kit.clock(at + 12 * MIN);
    await runJobs();
    expect(await refund()).toMatchObject({ status: 'done', attempts: 2 });
    expect(await atSandbox(refundNo)).toEqual([
      { merchant_no: `${refundNo}#1`, status: 'FAILED' },
      { merchant_no: `${refundNo}#2`, status: 'SUCCESS' },
    ]);
    expect(await journals(`refund-sent:${refundNo}`)).toHaveLength(1);
  });
});
