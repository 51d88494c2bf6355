import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/bidding-fixture';
import { dealKit, DAY, HOUR } from '../../test/deal-fixture';
import { filesKit, minimalPdf } from '../../test/files-kit';
import { createListeningTestApp } from '../../test/listening-app';
import type { TestApp } from '../../test/test-app';

// An operator records the transfer (过户) from the console: reviewers and admins, audited.
let t: TestApp & { baseUrl: string };
let k: Awaited<ReturnType<typeof dealKit>>;
type Detail = {
  stage: string;
  buyer: { tel: string };
  transfer: { newPlateNo: string; transferDate: string; recordedBy: string } | null;
};
const CONSOLE_UPLOAD = '/api/console/files/upload';
const doc = { type: 'document', isPrivate: 'true' };

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  k = await dealKit(t);
}, 120_000);
afterAll(() => t.close());

/** A deal handed over at `at`: it stands at 待过户. */
async function handedOver(at: number) {
  const { lot, buyer } = await k.wonLot(at);
  await k.payInFull(buyer, lot);
  const r = await k.sellerApi(k.seller.a, 'confirmReceipt', { orderId: lot, handoverTime: at, mileageKm: 8 });
  expect(r.status, r.msg).toBe(200);
  return { lot, buyer };
}

describe('the console records a transfer', () => {
  it('a reviewer uploads the proof and records it; others are refused; bad input is 4xx and changes nothing', async () => {
    const wallStart = Date.now() - 1000;
    const at = Date.now() + 200 * DAY;
    const { lot, buyer } = await handedOver(at);
    await k.clock(at + 3 * DAY);
    const [reviewer, scheduler, finance] = [
      await k.operator('reviewer'),
      await k.operator('scheduler'),
      await k.operator('finance'),
    ];
    const files = filesKit(t);
    // Operators upload through the console (the mall's upload is not theirs), with the same rules.
    expect(
      (await files.upload(reviewer.token, { data: minimalPdf(), filename: 'p.pdf' }, doc)).res.statusCode,
    ).toBe(403);
    const zip = await files.upload(
      reviewer.token,
      { data: Buffer.from('PK\u0003\u0004zip'), filename: 'a.zip' },
      doc,
      CONSOLE_UPLOAD,
    );
    expect(zip.res.statusCode).toBe(400);
    const proof = await files.upload(
      reviewer.token,
      { data: minimalPdf(), filename: '登记证书.pdf' },
      doc,
      CONSOLE_UPLOAD,
    );
    expect(proof.res.statusCode, proof.body.msg).toBe(200);
    const buyerFile = await files.upload(buyer.token, { data: minimalPdf(), filename: 'b.pdf' }, doc);
    const today = new Date(at + 3 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    const record = (token: string | null, over: Record<string, unknown> = {}) =>
      call<{ stage: string }>(t, token, 'POST', `/api/console/deals/${lot}/transfer`, {
        newPlateNo: '沪a8k2m9',
        transferDate: today,
        proofFileId: proof.body.data.id,
        ...over,
      });
    const stage = async () =>
      (await call<Detail>(t, reviewer.token, 'GET', `/api/console/deals/${lot}`)).data.stage;

    expect((await record(null)).status).toBe(401);
    expect(await record(buyer.token)).toMatchObject({ status: 403, msg: '该功能仅对平台运营人员开放' });
    expect(await record(k.seller.a)).toMatchObject({ status: 403 });
    for (const op of [scheduler, finance])
      expect(await record(op.token)).toMatchObject({ status: 403, msg: '您的运营角色无权执行此操作' });
    expect(await record(reviewer.token, { newPlateNo: 'ABC' })).toMatchObject({
      status: 400,
      msg: '号牌号码格式不正确（如 京A12345）',
    });
    expect(await record(reviewer.token, { transferDate: '2026-02-30' })).toMatchObject({ status: 400 });
    const tomorrow = new Date(at + 4 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    expect(await record(reviewer.token, { transferDate: tomorrow })).toMatchObject({
      status: 400,
      msg: '过户日期不能晚于今天',
    });
    const beforeHandover = new Date(at - 2 * DAY).toISOString().slice(0, 10);
    expect(await record(reviewer.token, { transferDate: beforeHandover })).toMatchObject({
      status: 400,
      msg: '过户日期不能早于交车日期',
    });
    // Someone else's private file is not the operator's to use.
    expect(await record(reviewer.token, { proofFileId: buyerFile.body.data.id })).toMatchObject({
      status: 404,
    });
    expect(await stage()).toBe('transfer');

    const ok = await record(reviewer.token);
    expect(ok.status, ok.msg).toBe(200);
    const detail = await call<Detail>(t, reviewer.token, 'GET', `/api/console/deals/${lot}`);
    expect(detail.data).toMatchObject({
      stage: 'done',
      transfer: { newPlateNo: '沪A8K2M9', transferDate: today, recordedBy: 'operator' },
    });
    // Who and when: the audit row, written by the database clock in the recording's transaction.
    const audit = await t.ctx.dbh.db
      .selectFrom('audit_log')
      .select(['operator_id', 'operator_name', 'at', 'after'])
      .where('target_id', '=', lot)
      .where('action', '=', 'deal.transfer')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: reviewer.id, operator_name: '运营reviewer' });
    expect(audit[0]!.at.getTime()).toBeGreaterThanOrEqual(wallStart);
    expect(audit[0]!.after).toMatchObject({ newPlateNo: '沪A8K2M9', transferDate: today });
    expect(await record(reviewer.token)).toMatchObject({ status: 409, msg: '过户已登记' });
    t.setNow(null);
  });

  it('an admin may record it; a deal not yet handed over is refused', async () => {
    const at = Date.now() + 230 * DAY;
    const { lot: early } = await k.wonLot(at);
    const admin = await k.operator('admin');
    const proof = await filesKit(t).upload(
      admin.token,
      { data: minimalPdf(), filename: 'p.pdf' },
      doc,
      CONSOLE_UPLOAD,
    );
    const body = {
      newPlateNo: '京B12345',
      transferDate: new Date(at + 8 * HOUR).toISOString().slice(0, 10),
      proofFileId: proof.body.data.id,
    };
    expect(await call(t, admin.token, 'POST', `/api/console/deals/${early}/transfer`, body)).toMatchObject({
      status: 409,
      msg: '车辆尚未交接，不能登记过户',
    });
    const { lot } = await handedOver(at + DAY);
    body.transferDate = new Date(at + DAY + 8 * HOUR).toISOString().slice(0, 10);
    const ok = await call(t, admin.token, 'POST', `/api/console/deals/${lot}/transfer`, body);
    expect(ok.status, ok.msg).toBe(200);
    t.setNow(null);
  });

  it('shows the buyer’s phone in full to finance and admins only', async () => {
    const at = Date.now() + 260 * DAY;
    const { lot, buyer } = await k.wonLot(at);
    const { tel } = await t.ctx.dbh.db
      .selectFrom('app_user')
      .select('tel')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const telOf = async (role: 'reviewer' | 'scheduler' | 'finance' | 'admin') =>
      (await call<Detail>(t, (await k.operator(role)).token, 'GET', `/api/console/deals/${lot}`)).data.buyer
        .tel;
    expect(await telOf('finance')).toBe(tel);
    expect(await telOf('admin')).toBe(tel);
    for (const role of ['reviewer', 'scheduler'] as const) {
      const masked = await telOf(role);
      expect(masked).not.toBe(tel);
      expect(masked).toBe(`${tel!.slice(0, 3)}****${tel!.slice(-4)}`);
    }
    t.setNow(null);
  });
});
