import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposal } from '@chepai/shared';
import { seedOperators } from '../../db/seed/operators';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { seedSellers } from '../../db/seed/sellers';
import { freezeDepositsDirectly, makeBuyer, makeLot, placeBid, setLotEnd } from '../../test/bidding-fixture';
import { submissionFiles, vinMaker } from '../../test/disposal-kit';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import { envelope, type TestApp } from '../../test/test-app';
import { parseOperatorList } from './console-login.service';

let t: TestApp & { baseUrl: string };
const tok = { buyer: '', seller: '', admin: '', reviewer: '', scheduler: '', finance: '' };
let photos: string[] = [];
let docs: Array<{ name: string; fileId: string; expiry?: string }> = [];
const DAY = 86_400_000;

const call = async <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  payload: object = {},
) => {
  const res = await t.app.inject({
    method,
    url: `/api/console/${path}`,
    headers: { 'user-agent': 'console-test', ...(token ? { authorization: token } : {}) },
    ...(method === 'POST' ? { payload } : { query: payload as Record<string, string> }),
  });
  return { status: res.statusCode, ...envelope<T>(res) };
};

const vin = vinMaker('LFV2A21K0000000000');

async function submitOne() {
  const form = {
    brandName: '丰田',
    seriesName: '凯美瑞',
    modelName: '2020款 2.0G 豪华版',
    bodyType: 'sedan',
    vin: vin(),
    plateNo: '沪A88888',
    firstRegDate: '2020-03-01',
    mileageKm: 80000,
    color: '白色',
    fuelType: '汽油',
    transmission: 'CVT无级变速',
    displacement: '2.0L',
    emissionStandard: '国VI',
    usageType: '非营运',
    transferCount: 1,
    inspectionExpiry: '2027-03-31',
    insuranceExpiry: '2027-02-28',
    keyCount: 2,
    accident: false,
    flood: false,
    fire: false,
    odometerIssue: false,
    mortgaged: false,
    seized: false,
    province: '上海',
    city: '上海',
    documents: docs,
    photos,
    photoLabels: [...disposal.PHOTO_ANGLES],
    startPrice: '80000',
    increment: '500',
    wishStartTime: Date.now() + 7 * DAY,
    wishEndTime: Date.now() + 8 * DAY,
    viewingAddress: '上海市浦东新区张江路1号',
    viewingTimes: '周一至周五 9:00-17:00',
    pickupAddress: '上海市浦东新区张江路1号',
    pickupContact: '刘经理',
    pickupPhone: '021-55556666',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mall-auction/seller/auc_order/submit',
    headers: { authorization: tok.seller },
    payload: form,
  });
  const body = envelope<{ orderId: string }>(res);
  expect(res.statusCode, body.msg).toBe(200);
  return body.data.orderId;
}

beforeAll(async () => {
  t = await createListeningTestApp();
  await seedSellers(t.ctx);
  await seedOperators(t.ctx);
  const staff = sellerKit(t.baseUrl, { api: '/api/console', landing: '/console/' });
  for (const [key, username] of [
    ['admin', 'yunying'],
    ['reviewer', 'shenhe'],
    ['scheduler', 'paiqi'],
    ['finance', 'caiwu'],
  ] as const) {
    const r = await staff.login(username);
    expect(r.body.msg).toBe('操作成功');
    tok[key] = r.body.data.token;
  }
  tok.seller = await sellerKit(t.baseUrl).token('zhaomin');
  tok.buyer = (await makeBuyer(t)).token;
  ({ photos, documents: docs } = await submissionFiles(t, tok.seller));
}, 120_000);
afterAll(() => t.close());

const times = (startInDays = 2) => {
  const now = Date.now();
  return {
    previewTime: now,
    regStartTime: now + DAY,
    startTime: now + startInDays * DAY,
    endTime: now + startInDays * DAY + 3600_000,
  };
};

describe('staff sign-in', () => {
  it('signs staff in through the issuer with their roles, and refuses a seller there', async () => {
    const me = await call<{ name: string; roles: string[] }>('GET', 'me', tok.reviewer);
    expect(me.data).toMatchObject({ name: '孙审核', roles: ['reviewer'] });
    const staff = sellerKit(t.baseUrl, { api: '/api/console', landing: '/console/' });
    const seller = await staff.login('zhaomin');
    expect(seller.status).toBe(403);
    expect(seller.body.msg).toBe('该账号未开通运营后台权限，请联系平台管理员');
  });

  it('reads CONSOLE_OPERATORS and refuses unknown roles', () => {
    expect(parseOperatorList('abc:reviewer+scheduler, def:admin')).toEqual(
      new Map([
        ['abc', ['reviewer', 'scheduler']],
        ['def', ['admin']],
      ]),
    );
    expect(() => parseOperatorList('abc:boss')).toThrow(/CONSOLE_OPERATORS/);
  });
});

describe('who may call the console', () => {
  it('answers 401 to anonymous callers and 403 to buyers, sellers and staff without the role', async () => {
    const orderId = await submitOne();
    const endpoints: Array<['GET' | 'POST', string, object, Array<keyof typeof tok>]> = [
      ['GET', 'me', {}, ['admin', 'reviewer', 'scheduler', 'finance']],
      ['POST', 'review/list', {}, ['admin', 'reviewer', 'scheduler']],
      ['GET', `review/${orderId}`, {}, ['admin', 'reviewer', 'scheduler']],
      ['POST', 'monitor/list', {}, ['admin', 'reviewer', 'scheduler', 'finance']],
      ['POST', 'audit/list', {}, ['admin', 'reviewer', 'scheduler', 'finance']],
      ['POST', `lots/${orderId}/reject`, { reason: '测' }, ['admin', 'reviewer']],
      ['POST', `lots/${orderId}/request-changes`, { reason: '测' }, ['admin', 'reviewer']],
      ['POST', `lots/${orderId}/approve`, { previewTime: 1 }, ['admin', 'reviewer']],
      ['POST', `lots/${orderId}/cancel`, { reason: '测' }, ['admin', 'scheduler']],
      ['POST', 'units/list', {}, ['admin', 'finance', 'reviewer']],
      ['GET', 'units/1/collection-history', {}, ['admin', 'finance']],
    ];
    for (const [method, path, body, allowed] of endpoints) {
      expect((await call(method, path, undefined, body)).status, `${path} anonymous`).toBe(401);
      expect((await call(method, path, tok.buyer, body)).status, `${path} buyer`).toBe(403);
      expect((await call(method, path, tok.seller, body)).status, `${path} seller`).toBe(403);
      for (const role of ['admin', 'reviewer', 'scheduler', 'finance'] as const) {
        const r = await call(method, path, tok[role], body);
        // Allowed roles get past the gate (then 200, or 400 for the deliberately short bodies).
        if (allowed.includes(role)) expect([200, 400, 404], `${path} ${role}: ${r.msg}`).toContain(r.status);
        else expect(r.status, `${path} ${role}`).toBe(403);
      }
    }
    // Staff tokens do not work on the mall's endpoints.
    const mall = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/user/order/list',
      headers: { authorization: tok.admin },
      payload: {},
    });
    expect(mall.statusCode).toBe(403);
    // Nothing above changed the order.
    expect((await call<{ status: number }>('GET', `review/${orderId}`, tok.reviewer)).data.status).toBe(1);
  });
});

describe('review', () => {
  it('shows the submission with its checks, approves it with a schedule, and the lot goes public', async () => {
    const orderId = await submitOne();
    const queue = await call<{ list: Array<{ orderId: string; sellerName: string }> }>(
      'POST',
      'review/list',
      tok.reviewer,
      { pageSize: 100 },
    );
    expect(queue.data.list.find((s) => s.orderId === orderId)?.sellerName).toBeTruthy();
    const detail = await call<{
      checks: Record<string, unknown>;
      documents: Array<{ url: string; contentType: string }>;
      photos: unknown[];
    }>('GET', `review/${orderId}`, tok.reviewer);
    expect(detail.data.checks).toMatchObject({
      vinValid: true,
      vinDuplicateOrderIds: [],
      photoCount: 8,
      missingAngles: [],
      missingDocuments: [],
    });
    expect(detail.data.documents[0]).toMatchObject({ contentType: 'application/pdf' });
    const signed = await t.app.inject({ method: 'GET', url: detail.data.documents[0]!.url });
    expect(signed.statusCode).toBe(200);

    const bad = await call('POST', `lots/${orderId}/approve`, tok.reviewer, {
      ...times(),
      endTime: times().startTime - 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/结束时间须晚于开拍时间/);
    const ok = await call<{ status: number }>('POST', `lots/${orderId}/approve`, tok.reviewer, times());
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.status).toBe(0);
    const again = await call('POST', `lots/${orderId}/approve`, tok.reviewer, times());
    expect(again.status).toBe(409);
    const hall = await t.app.inject({
      method: 'POST',
      url: '/api/mall-search/search/auc_order/search',
      payload: { pageNum: 1, pageSize: 100, filters: { statusList: [0], keyword: '凯美瑞' } },
    });
    expect(envelope<{ list: Array<{ orderId: string }> }>(hall).data.list.map((l) => l.orderId)).toContain(
      orderId,
    );

    const audit = await call<{
      list: Array<{
        action: string;
        operatorName: string;
        before: { stage: string };
        after: { status: number };
        ip: string;
        userAgent: string;
      }>;
    }>('POST', 'audit/list', tok.finance, { targetId: orderId });
    expect(audit.data.list).toHaveLength(1);
    expect(audit.data.list[0]).toMatchObject({
      action: 'lot.approve',
      operatorName: '孙审核',
      before: { stage: 'pending' },
      after: { status: 0 },
      userAgent: 'console-test',
    });
    expect(audit.data.list[0]!.ip).not.toBe('');
  });

  it('rejects and asks for changes with a reason; the seller sees it; a withdrawn order cannot be approved', async () => {
    const a = await submitOne();
    const r = await call<{ status: number }>('POST', `lots/${a}/reject`, tok.reviewer, {
      reason: '车辆照片与行驶证不符',
    });
    expect(r.data.status).toBe(8);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/user/order/detail',
      headers: { authorization: tok.seller },
      payload: { orderId: a },
    });
    expect(envelope<{ reviewReason: string }>(seen).data.reviewReason).toBe('车辆照片与行驶证不符');
    expect((await call('POST', `lots/${a}/request-changes`, tok.reviewer, { reason: '再改改' })).status).toBe(
      409,
    );

    const b = await submitOne();
    const c = await call('POST', `lots/${b}/request-changes`, tok.admin, {
      reason: '请补拍中控',
      items: ['中控'],
    });
    expect(c.status).toBe(200);
    const returned = await call<{ list: Array<{ orderId: string }> }>('POST', 'review/list', tok.reviewer, {
      status: 8,
      pageSize: 100,
    });
    expect(returned.data.list.map((s) => s.orderId)).toEqual(expect.arrayContaining([a, b]));

    const w = await submitOne();
    await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/seller/auc_order/cancel',
      headers: { authorization: tok.seller },
      payload: { orderId: w },
    });
    const late = await call('POST', `lots/${w}/approve`, tok.reviewer, times());
    expect(late.status).toBe(409);
    expect(late.msg).toBe('该订单已撤回');
    expect((await call('POST', 'lots/999999999/approve', tok.reviewer, times())).status).toBe(404);
  });

  it('lets a scheduler withdraw an announced lot with a reason, and lists running lots', async () => {
    const orderId = await submitOne();
    await call('POST', `lots/${orderId}/approve`, tok.reviewer, times());
    const running = await call<{ list: Array<{ orderId: string; status: number }> }>(
      'POST',
      'monitor/list',
      tok.scheduler,
      { pageSize: 100 },
    );
    expect(running.data.list.find((l) => l.orderId === orderId)?.status).toBe(0);
    const r = await call<{ status: number }>('POST', `lots/${orderId}/cancel`, tok.scheduler, {
      reason: '处置单位申请撤回',
    });
    expect(r.data.status).toBe(7);
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/home/detail/info',
      payload: { orderId },
    });
    expect(pub.statusCode).toBe(404);
  });
});

describe('pausing, resuming and extending a running lot', () => {
  it('refuses bids while paused, skips the close, and moves the end on by the pause', async () => {
    const lotId = await makeLot(t);
    const buyer = await makeBuyer(t);
    await freezeDepositsDirectly(t, lotId, [buyer.id], `pause${lotId}`, 700001);
    expect((await placeBid(t, buyer.token, lotId, '10000')).status).toBe(200);

    // Only schedulers (and admins) may; a reason is required; a lot not bidding cannot be paused.
    expect((await call('POST', `lots/${lotId}/pause`, tok.finance, { reason: '核实车况' })).status).toBe(403);
    expect((await call('POST', `lots/${lotId}/pause`, tok.scheduler, { reason: '' })).status).toBe(400);
    // Announced: preview open, bidding hours away (so the status job leaves it at 0).
    const at = t.ctx.now().getTime();
    const announced = await makeLot(t, {
      status: 0,
      preview_time: new Date(at - 3_600_000),
      reg_start_time: new Date(at + 3_600_000),
      start_time: new Date(at + 2 * 3_600_000),
      end_time: new Date(at + 3 * 3_600_000),
    });
    const early = await call('POST', `lots/${announced}/pause`, tok.scheduler, { reason: '核实车况' });
    expect(early.status).toBe(409);
    expect(early.msg).toBe('只有竞价中的拍品可以暂停');

    const before = await t.ctx.dbh.db
      .selectFrom('lot')
      .select('end_time')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    const paused = await call<{ paused: boolean; endTime: number }>(
      'POST',
      `lots/${lotId}/pause`,
      tok.scheduler,
      {
        reason: '处置单位反映车况描述有误，核实中',
      },
    );
    expect(paused.status, paused.msg).toBe(200);
    expect(paused.data).toMatchObject({ paused: true, endTime: before.end_time.getTime() });
    expect((await call('POST', `lots/${lotId}/pause`, tok.scheduler, { reason: '再次暂停' })).status).toBe(
      409,
    );

    // Bids are refused with the reason; the lot page and the monitor say it is paused.
    const refused = await placeBid(t, buyer.token, lotId, '10500');
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('竞价已暂停，请等待平台恢复后再出价');
    expect(refused.data.reason).toBe('PAUSED');
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/home/detail/info',
      payload: { orderId: lotId },
    });
    expect(envelope<{ paused: boolean; bidCount: number }>(pub).data).toMatchObject({
      paused: true,
      bidCount: 1,
    });
    const monitor = await call<{ list: Array<{ orderId: string; paused: boolean }> }>(
      'POST',
      'monitor/list',
      tok.scheduler,
      {
        pageSize: 100,
      },
    );
    expect(monitor.data.list.find((l) => l.orderId === lotId)?.paused).toBe(true);

    // Past its end while paused, the close leaves it alone.
    await setLotEnd(t.ctx.dbh.db, lotId, new Date(Date.now() - 1000));
    await sql`update lot set paused_at = now() - interval '10 minutes' where id = ${lotId}`.execute(
      t.ctx.dbh.db,
    );
    await schedulerFor(t.ctx).scheduler.runOnce();
    let row = await t.ctx.dbh.db
      .selectFrom('lot')
      .select(['status', 'end_time'])
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);

    // Resuming moves the end on by the ten minutes it stood still; bids are taken again.
    const resumed = await call<{ paused: boolean; endTime: number }>(
      'POST',
      `lots/${lotId}/resume`,
      tok.scheduler,
      {
        reason: '核实完毕，车况无误',
      },
    );
    expect(resumed.status, resumed.msg).toBe(200);
    expect(resumed.data.paused).toBe(false);
    expect(resumed.data.endTime).toBeGreaterThan(Date.now() + 9 * 60_000 - 2000);
    expect(resumed.data.endTime).toBeLessThan(Date.now() + 10 * 60_000 + 1000);
    expect((await placeBid(t, buyer.token, lotId, '10500')).status).toBe(409); // already leading: a real rule, not the pause
    const other = await makeBuyer(t);
    await freezeDepositsDirectly(t, lotId, [other.id], `pause2${lotId}`, 700002);
    expect((await placeBid(t, other.token, lotId, '10500')).status).toBe(200);
    // The registered buyer was told of both, in the inbox.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/mall-auction/user/notice/list?tab=auction',
      headers: { authorization: buyer.token },
    });
    const kinds = envelope<{ list: Array<{ kind: string; body: string }> }>(inbox).data.list.map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['lot.paused', 'lot.resumed']));

    // Extending moves the end later, never earlier; every step is in the audit log.
    row = await t.ctx.dbh.db
      .selectFrom('lot')
      .select(['status', 'end_time'])
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    const earlier = await call('POST', `lots/${lotId}/extend`, tok.scheduler, {
      endTime: row.end_time.getTime() - 60_000,
      reason: '延后交车',
    });
    expect(earlier.status).toBe(409);
    const later = row.end_time.getTime() + 3600_000;
    const extended = await call<{ endTime: number }>('POST', `lots/${lotId}/extend`, tok.scheduler, {
      endTime: later,
      reason: '竞买人较多，延长一小时',
    });
    expect(extended.data.endTime).toBe(later);
    const audit = await call<{ list: Array<{ action: string; targetId: string; reason: string }> }>(
      'POST',
      'audit/list',
      tok.admin,
      { pageSize: 50 },
    );
    const mine = audit.data.list.filter((a) => a.targetId === lotId).map((a) => a.action);
    expect(mine).toEqual(expect.arrayContaining(['lot.pause', 'lot.resume', 'lot.extend']));
  });
});

describe('session templates and the calendar', () => {
  /** The Beijing date of the next given ISO weekday, at least two days ahead. */
  const nextWeekday = (iso: number) => {
    for (let d = 2; d < 10; d++) {
      const day = new Date(Date.now() + d * DAY + 8 * 3600_000);
      if (((day.getUTCDay() + 6) % 7) + 1 === iso) return day.toISOString().slice(0, 10);
    }
    throw new Error('unreachable');
  };
  const wednesday = nextWeekday(3);
  const template = {
    name: '每周三上午场',
    weekdays: [3],
    startTime: '10:00',
    durationMinutes: 60,
    staggerMinutes: 5,
    previewDays: 2,
    regHours: 24,
  };

  it('plans staggered lots in a template’s session; the calendar groups them', async () => {
    expect((await call('POST', 'templates/save', tok.reviewer, template)).status).toBe(403);
    const bad = await call('POST', 'templates/save', tok.scheduler, { ...template, weekdays: [] });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('请至少选择一个场次日');
    const saved = await call<{ id: string; weekdays: number[] }>(
      'POST',
      'templates/save',
      tok.scheduler,
      template,
    );
    expect(saved.status, saved.msg).toBe(200);
    const id = saved.data.id;
    const list = await call<Array<{ id: string; startTime: string }>>('GET', 'templates', tok.reviewer);
    expect(list.data.find((x) => x.id === id)?.startTime).toBe('10:00');

    // Not a Wednesday: refused with the reason.
    const thursday = await call('POST', `templates/${id}/plan`, tok.reviewer, { date: nextWeekday(4) });
    expect(thursday.status).toBe(400);
    expect(thursday.msg).toContain('不是该模板的场次日（周三）');

    type Plan = {
      previewTime: number;
      regStartTime: number;
      startTime: number;
      endTime: number;
      lotsBefore: number;
    };
    const first = await call<Plan>('POST', `templates/${id}/plan`, tok.reviewer, { date: wednesday });
    const start = Date.parse(`${wednesday}T10:00:00+08:00`);
    expect(first.data).toMatchObject({ startTime: start, endTime: start + 60 * 60_000, lotsBefore: 0 });
    expect(first.data.regStartTime).toBe(start - 24 * 3600_000);
    const orderA = await submitOne();
    const { lotsBefore: _a, ...timesA } = first.data;
    expect((await call('POST', `lots/${orderA}/approve`, tok.reviewer, timesA)).status).toBe(200);

    // The next lot of that session ends five minutes after the first.
    const second = await call<Plan>('POST', `templates/${id}/plan`, tok.scheduler, { date: wednesday });
    expect(second.data).toMatchObject({ startTime: start, endTime: start + 65 * 60_000, lotsBefore: 1 });
    const orderB = await submitOne();
    const { lotsBefore: _b, ...timesB } = second.data;
    expect((await call('POST', `lots/${orderB}/approve`, tok.reviewer, timesB)).status).toBe(200);

    const cal = await call<
      Array<{ startTime: number; lotCount: number; firstEndTime: number; lastEndTime: number }>
    >('POST', 'calendar', tok.finance, { from: start - DAY, to: start + DAY });
    expect(cal.data.find((c) => c.startTime === start)).toMatchObject({
      lotCount: 2,
      firstEndTime: start + 60 * 60_000,
      lastEndTime: start + 65 * 60_000,
    });
    expect((await call('POST', 'calendar', tok.finance, { from: start, to: start + 90 * DAY })).status).toBe(
      400,
    );

    // Deleting keeps the lots; the template can no longer plan; both changes are audited.
    expect((await call('POST', `templates/${id}/delete`, tok.scheduler)).status).toBe(200);
    expect((await call('POST', `templates/${id}/plan`, tok.reviewer, { date: wednesday })).status).toBe(404);
    const audit = await call<{ list: Array<{ action: string }> }>('POST', 'audit/list', tok.admin, {
      targetId: id,
    });
    expect(audit.data.list.map((a) => a.action).sort()).toEqual(['template.delete', 'template.save']);
  });
});

describe('disposal units for finance', () => {
  it('lists the units and lets finance read a unit’s account history, which is itself audited', async () => {
    const { db } = t.ctx.dbh;
    const unit = await db
      .selectFrom('seller_org')
      .select(['id', 'name'])
      .where('code', '=', 'demo-seller-3')
      .executeTakeFirstOrThrow();
    const seller = await db
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', 'seller')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('collection_account_history')
      .values({
        seller_org_id: unit.id,
        account_name: unit.name,
        bank_name: '中国工商银行',
        branch_name: '苏州分行',
        account_no_cipher: 'sealed',
        account_no_last4: '6789',
        bank_code: '102305000011',
        changed_by: seller.id,
        changed_at: new Date(),
        client_ip: '127.0.0.1',
      })
      .execute();
    const units = await call<{ list: Array<{ businessUnitId: string; name: string }> }>(
      'POST',
      'units/list',
      tok.finance,
      { pageSize: 100 },
    );
    expect(units.data.list.map((u) => u.name)).toContain(unit.name);
    const history = await call<Array<{ accountNo: string; bankName: string }>>(
      'GET',
      `units/${unit.id}/collection-history`,
      tok.finance,
    );
    expect(history.status, history.msg).toBe(200);
    expect(history.data[0]).toMatchObject({ bankName: '中国工商银行', accountNo: '**** **** **** 6789' });
    expect(JSON.stringify(history.data)).not.toContain('sealed');
    expect((await call('GET', `units/${unit.id}/collection-history`, tok.reviewer)).status).toBe(403);
    expect((await call('GET', 'units/999999999/collection-history', tok.finance)).status).toBe(404);
    const audit = await call<{ list: Array<{ action: string; operatorName: string }> }>(
      'POST',
      'audit/list',
      tok.admin,
      { targetId: unit.id },
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'unit.collectionHistory.read',
      operatorName: '郑财务',
    });
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, not even by the database owner', async () => {
    const { db } = t.ctx.dbh;
    const before = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(sql`update audit_log set reason = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const after = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
