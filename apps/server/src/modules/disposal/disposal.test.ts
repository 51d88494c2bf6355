import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposal } from '@chepai/shared';
import { seedSellers } from '../../db/seed/sellers';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { makeBuyer, payDeposit } from '../../test/bidding-fixture';
import { submissionFiles, tinyJpeg, uploadAs, vinMaker } from '../../test/disposal-kit';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import { envelope, type TestApp } from '../../test/test-app';
import { approveOrder, returnOrder } from './order-review';

let t: TestApp & { baseUrl: string };
const tokens = { buyer: '', sellerA: '', sellerB: '' };
let photosA: string[] = [];
let docsA: Array<{ name: string; fileId: string; expiry?: string }> = [];
let photoB = '';
const DAY = 86_400_000;

const api = async <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  payload: object = {},
) => {
  const res = await t.app.inject({
    method,
    url: `/api/mall-auction/${path}`,
    headers: token ? { authorization: token } : {},
    ...(method === 'POST' ? { payload } : { query: payload as Record<string, string> }),
  });
  return { status: res.statusCode, ...envelope<T>(res) };
};

const nextVin = vinMaker('LSVAU2A30000000000');

const validForm = (over: Record<string, unknown> = {}) => ({
  brandName: '大众',
  seriesName: '帕萨特',
  modelName: '2021款 330TSI 精英版',
  bodyType: 'sedan',
  vin: nextVin(),
  plateNo: '京A12345',
  firstRegDate: '2021-05-10',
  mileageKm: 56000,
  color: '黑色',
  fuelType: '汽油',
  transmission: '7挡双离合',
  displacement: '2.0T',
  emissionStandard: '国VI',
  usageType: '非营运',
  transferCount: 0,
  inspectionExpiry: '2027-05-31',
  insuranceExpiry: '2027-05-09',
  keyCount: 2,
  accident: false,
  flood: false,
  fire: false,
  odometerIssue: false,
  mortgaged: false,
  seized: false,
  province: '北京',
  city: '北京',
  description: '公司自用车辆，按期保养。',
  documents: docsA,
  photos: photosA,
  photoLabels: [...disposal.PHOTO_ANGLES],
  startPrice: '100000',
  increment: '500',
  wishStartTime: Date.now() + 7 * DAY,
  wishEndTime: Date.now() + 8 * DAY,
  viewingAddress: '北京市朝阳区望京街10号',
  viewingTimes: '工作日 9:00-17:00',
  pickupAddress: '北京市朝阳区望京街10号',
  pickupContact: '张经理',
  pickupPhone: '13800001111',
  ...over,
});

const orderCount = async () =>
  Number(
    (
      await t.ctx.dbh.db
        .selectFrom('auction_order')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createListeningTestApp();
  await seedSellers(t.ctx);
  const s = sellerKit(t.baseUrl);
  tokens.sellerA = await s.token('lixiaomei');
  tokens.sellerB = await s.token('chenqiang');
  tokens.buyer = (await makeBuyer(t)).token;
  const files = await submissionFiles(t, tokens.sellerA);
  photosA = files.photos;
  docsA = files.documents;
  photoB = await uploadAs(t, tokens.sellerB, await tinyJpeg(250), 'image', false);
}, 120_000);
afterAll(() => t.close());

const submit = (form: object, token = tokens.sellerA) =>
  api<{ orderId: string; status: number }>('POST', 'seller/auc_order/submit', token, form);

describe('submitting a vehicle', () => {
  it('accepts a complete submission as pending review and shows it in the unit’s orders', async () => {
    const r = await submit(validForm());
    expect(r.status, r.msg).toBe(200);
    expect(r.data.status).toBe(1);
    const list = await api<disposal.OrderSummary[] & { list: disposal.OrderSummary[] }>(
      'POST',
      'user/order/list',
      tokens.sellerA,
      { status: 1 },
    );
    const mine = list.data.list.find((o) => o.orderId === r.data.orderId);
    expect(mine).toMatchObject({
      status: 1,
      statusText: '待审核',
      startPrice: '100000.00',
      registeredBidders: 0,
    });
    const info = await api<{ form: Record<string, unknown>; documents: Array<{ url: string }> }>(
      'GET',
      'seller/auc_order/info',
      tokens.sellerA,
      { orderId: r.data.orderId },
    );
    expect(info.data.form).toMatchObject({
      startPrice: '100000.00',
      deposit: '10000.00',
      reservePrice: null,
    });
    expect(info.data.documents[0]!.url).toMatch(/^\/api\/files\/s\/.+\?exp=\d+&sig=/);
    const detail = await api<{ timeline: Array<{ kind: string }>; canCancel: boolean }>(
      'POST',
      'user/order/detail',
      tokens.sellerA,
      { orderId: r.data.orderId },
    );
    expect(detail.data.timeline.map((e) => e.kind)).toEqual(['submitted']);
    expect(detail.data.canCancel).toBe(true);
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const before = await orderCount();
    const wrongCheck = nextVin();
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ vin: wrongCheck.slice(0, 8) + (wrongCheck[8] === '1' ? '2' : '1') + wrongCheck.slice(9) }, /校验位/],
      [{ reservePrice: '90000' }, /保留价不能低于起拍价/],
      [{ deposit: '30000' }, /保证金须为起拍价的5%–20%/],
      [{ deposit: '1000' }, /保证金须为起拍价的5%–20%/],
      [{ wishEndTime: Date.now() + 6 * DAY }, /结束时间须晚于开始时间/],
      [
        { photos: Array.from({ length: 31 }, (_, i) => String(900000 + i)), photoLabels: undefined },
        /最多上传30张照片/,
      ],
      [{ photos: photosA.slice(0, 7), photoLabels: undefined }, /至少上传8张/],
      [{ seized: true }, /查封/],
      [{ plateNo: 'AB12345' }, /车牌号格式不正确/],
      [{ documents: docsA.slice(1) }, /请上传机动车登记证书/],
      [{ photos: [...photosA.slice(0, 7), photoB] }, /不属于本单位/],
    ];
    for (const [over, message] of bad) {
      const r = await submit(validForm(over));
      expect(r.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(r.msg).toMatch(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it('refuses a VIN that is already pending or on a live lot', async () => {
    const form = validForm();
    expect((await submit(form)).status).toBe(200);
    const again = await submit({ ...form });
    expect(again.status).toBe(409);
    expect(again.msg).toMatch(/车架号/);
    // The form's live check says the same before a submit, and accepts a fresh VIN.
    type Check = { vin: string; inUse: boolean; message: string | null };
    const taken = await api<Check>('GET', 'seller/auc_order/vin/check', tokens.sellerA, { vin: form.vin });
    expect(taken.data).toMatchObject({ vin: form.vin, inUse: true });
    expect(taken.data?.message).toMatch(/车架号/);
    const fresh = nextVin();
    const free = await api<Check>('GET', 'seller/auc_order/vin/check', tokens.sellerA, {
      vin: fresh.toLowerCase(),
    });
    expect(free.data).toEqual({ vin: fresh, inUse: false, message: null });
    const wrongDigit = fresh.slice(0, 8) + (fresh[8] === '1' ? '2' : '1') + fresh.slice(9);
    const bad = await api('GET', 'seller/auc_order/vin/check', tokens.sellerA, { vin: wrongDigit });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/校验位/);
    expect((await api('GET', 'seller/auc_order/vin/check', tokens.buyer, { vin: fresh })).status).toBe(403);
  });

  it('keeps drafts per unit', async () => {
    const saved = await api<{ draftId: string; title: string }>(
      'POST',
      'seller/auc_order/draft/save',
      tokens.sellerA,
      {
        form: { brandName: '比亚迪', seriesName: '汉', plateNo: '粤B' },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.data.title).toBe('比亚迪 汉 粤B');
    const updated = await api('POST', 'seller/auc_order/draft/save', tokens.sellerA, {
      draftId: saved.data.draftId,
      form: { brandName: '比亚迪', seriesName: '唐' },
    });
    expect(updated.status).toBe(200);
    const got = await api<{ form: Record<string, unknown> }>(
      'GET',
      'seller/auc_order/draft/get',
      tokens.sellerA,
      { draftId: saved.data.draftId },
    );
    expect(got.data.form).toEqual({ brandName: '比亚迪', seriesName: '唐' });
    expect(
      (await api('GET', 'seller/auc_order/draft/get', tokens.sellerB, { draftId: saved.data.draftId }))
        .status,
    ).toBe(404);
    expect(
      (await api('POST', 'seller/auc_order/draft/delete', tokens.sellerB, { draftId: saved.data.draftId }))
        .status,
    ).toBe(404);
    const list = await api<unknown[]>('GET', 'seller/auc_order/draft/list', tokens.sellerA);
    expect(list.data.length).toBeGreaterThan(0);
    expect(
      (await api('POST', 'seller/auc_order/draft/delete', tokens.sellerA, { draftId: saved.data.draftId }))
        .status,
    ).toBe(200);
    expect(
      (await api('GET', 'seller/auc_order/draft/get', tokens.sellerA, { draftId: saved.data.draftId }))
        .status,
    ).toBe(404);
  });
});

describe('who may see and change an order', () => {
  it('answers 401 to anonymous callers, 403 to buyers and 404 to another unit', async () => {
    const { data } = await submit(validForm());
    const endpoints: Array<['GET' | 'POST', string, object]> = [
      ['POST', 'seller/auc_order/submit', validForm()],
      ['POST', 'seller/auc_order/draft/save', { form: {} }],
      ['GET', 'seller/auc_order/draft/list', {}],
      ['GET', 'seller/auc_order/info', { orderId: data.orderId }],
      ['POST', 'seller/auc_order/cancel', { orderId: data.orderId, reason: '测试' }],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await api(method, path, undefined, body)).status, `${path} anonymous`).toBe(401);
      expect((await api(method, path, tokens.buyer, body)).status, `${path} buyer`).toBe(403);
    }
    // user/order/list and detail answer a buyer with their own deals (docs/product.md#16-the-deal-after-the-hammer):
    // none here, and a unit's submission is not one of them.
    expect((await api('POST', 'user/order/list', undefined, {})).status).toBe(401);
    const mine = await api<{ total: number }>('POST', 'user/order/list', tokens.buyer, {});
    expect(mine).toMatchObject({ status: 200, data: { total: 0 } });
    expect((await api('POST', 'user/order/detail', tokens.buyer, { orderId: data.orderId })).status).toBe(
      404,
    );
    for (const [method, path] of [
      ['POST', 'user/order/detail'],
      ['GET', 'seller/auc_order/info'],
      ['POST', 'seller/auc_order/cancel'],
    ] as const) {
      const r = await api(method, path, tokens.sellerB, { orderId: data.orderId, reason: '别人的订单' });
      expect(r.status, `${path} other unit`).toBe(404);
    }
    const listB = await api<{ list: Array<{ orderId: string }> }>(
      'POST',
      'user/order/list',
      tokens.sellerB,
      {},
    );
    expect(listB.data.list.some((o) => o.orderId === data.orderId)).toBe(false);
    const stillPending = await api<{ status: number }>('POST', 'user/order/detail', tokens.sellerA, {
      orderId: data.orderId,
    });
    expect(stillPending.data.status).toBe(1);
  });
});

describe('review, auction and withdrawal', () => {
  const operatorId = async () =>
    (
      await t.ctx.dbh.db
        .selectFrom('app_user')
        .select('id')
        .where('role', '=', 'seller')
        .executeTakeFirstOrThrow()
    ).id;
  const approve = async (orderId: string, startIn = 2 * DAY) => {
    const now = t.ctx.now().getTime();
    const actorId = await operatorId();
    return t.ctx.dbh.db.transaction().execute((trx) =>
      approveOrder(trx, {
        orderId,
        actorId,
        now: t.ctx.now(),
        times: {
          previewTime: now - 1000,
          regStartTime: now + startIn / 2,
          startTime: now + startIn,
          endTime: now + startIn + DAY,
        },
      }),
    );
  };

  it('an approved order is a lot in the foreshow hall that moves by its times and closes', async () => {
    const { data } = await submit(validForm());
    await approve(data.orderId);
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/home/detail/info',
      payload: { orderId: data.orderId },
    });
    const lot = envelope<{ status: number; photos: Array<{ url: string; label: string }>; title: string }>(
      pub,
    ).data;
    expect(lot.status).toBe(0);
    expect(lot.photos).toHaveLength(8);
    expect(lot.photos[0]).toMatchObject({ label: '左前45°' });
    expect(lot.title).toBe('大众帕萨特 2021款 330TSI 精英版');
    // Approving again is refused and changes nothing.
    await expect(approve(data.orderId)).rejects.toMatchObject({ code: 409 });

    // The lot's own times drive it (real clock, seconds apart): 0 → 2 → 3 → closed.
    const now = Date.now();
    await t.ctx.dbh.db
      .updateTable('lot')
      .set({
        reg_start_time: new Date(now + 1000),
        start_time: new Date(now + 2000),
        end_time: new Date(now + 3000),
        list_end_time: new Date(now + 3000),
      })
      .where('id', '=', data.orderId)
      .execute();
    const sched = schedulerFor(t.ctx).scheduler;
    const statusAfter = async (at: number) => {
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      await sched.runOnce();
      return (
        await api<{ status: number }>('POST', 'user/order/detail', tokens.sellerA, { orderId: data.orderId })
      ).data.status;
    };
    expect(await statusAfter(now + 1100)).toBe(2);
    expect(await statusAfter(now + 2100)).toBe(3);
    expect(await statusAfter(now + 3200)).toBe(6);
    const done = await api<{ status: number; timeline: Array<{ kind: string }>; result: { sold: boolean } }>(
      'POST',
      'user/order/detail',
      tokens.sellerA,
      { orderId: data.orderId },
    );
    expect(done.data.status).toBe(6);
    expect(done.data.result).toMatchObject({ sold: false });
    const kinds = done.data.timeline.map((e) => e.kind);
    expect(kinds.filter((k) => k !== 'preview')).toEqual([
      'submitted',
      'approved',
      'registration',
      'bidding',
      'closed',
    ]);
    expect(kinds).toContain('preview');
    const cancel = await api('POST', 'seller/auc_order/cancel', tokens.sellerA, {
      orderId: data.orderId,
      reason: '已结束还想撤',
    });
    expect(cancel.status).toBe(409);
  });

  it('a returned order shows the reason and can be edited and resubmitted', async () => {
    const form = validForm();
    const { data } = await submit(form);
    const actorId = await operatorId();
    await t.ctx.dbh.db.transaction().execute((trx) =>
      returnOrder(trx, {
        orderId: data.orderId,
        kind: 'changes',
        reason: '照片不清晰',
        items: ['中控'],
        actorId,
        now: t.ctx.now(),
      }),
    );
    const returned = await api<{
      status: number;
      reviewReason: string;
      canResubmit: boolean;
      reviewKind: string;
    }>('POST', 'user/order/detail', tokens.sellerA, { orderId: data.orderId });
    expect(returned.data).toMatchObject({ status: 8, canResubmit: true, reviewKind: 'changes' });
    expect(returned.data.reviewReason).toContain('照片不清晰');
    const again = await submit({ ...form, orderId: data.orderId, mileageKm: 56100 });
    expect(again.status, again.msg).toBe(200);
    expect(again.data.orderId).toBe(data.orderId);
    const row = await t.ctx.dbh.db
      .selectFrom('auction_order')
      .selectAll()
      .where('id', '=', data.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: 'pending', submit_count: 2 });
    // The seller was told of the return in the inbox, with the reviewer's reason.
    const sellerInbox = await t.app.inject({
      method: 'GET',
      url: '/api/mall-auction/user/notice/list?tab=order',
      headers: { authorization: tokens.sellerA },
    });
    const toldReturn = envelope<{ list: Array<{ kind: string; body: string; link: string }> }>(
      sellerInbox,
    ).data.list.find((n) => n.kind === 'order.returned' && n.link === `/detailInfo/${data.orderId}`);
    expect(toldReturn?.body).toContain('可修改后重新提交');
    expect((await submit({ ...form, orderId: data.orderId })).status).toBe(409);
  });

  it('withdrawal is free while pending, needs a reason once announced and refunds deposits', async () => {
    const pending = (await submit(validForm())).data.orderId;
    expect((await api('POST', 'seller/auc_order/cancel', tokens.sellerA, { orderId: pending })).status).toBe(
      200,
    );
    expect(
      (await api<{ status: number }>('POST', 'user/order/detail', tokens.sellerA, { orderId: pending })).data
        .status,
    ).toBe(7);
    expect((await api('POST', 'seller/auc_order/cancel', tokens.sellerA, { orderId: pending })).status).toBe(
      409,
    );

    const announced = (await submit(validForm())).data.orderId;
    await approve(announced, 0);
    const now = t.ctx.now().getTime();
    // Registration open now, bidding later: a buyer pays the deposit.
    await t.ctx.dbh.db
      .updateTable('lot')
      .set({ status: 2, reg_start_time: new Date(now - 1000), start_time: new Date(now + DAY) })
      .where('id', '=', announced)
      .execute();
    await payDeposit(t, tokens.buyer, announced);
    expect(
      (await api('POST', 'seller/auc_order/cancel', tokens.sellerA, { orderId: announced })).status,
    ).toBe(400);
    const r = await api('POST', 'seller/auc_order/cancel', tokens.sellerA, {
      orderId: announced,
      reason: '车辆需要继续使用',
    });
    expect(r.status, r.msg).toBe(200);
    const ledger = await t.ctx.dbh.db
      .selectFrom('deposit_ledger')
      .selectAll()
      .where('lot_id', '=', announced)
      .execute();
    expect(ledger.map((l) => l.state)).toEqual(['refunded']);
    const moves = await t.ctx.dbh.db
      .selectFrom('deposit_movement')
      .select(['to_state', 'reason'])
      .where('lot_id', '=', announced)
      .orderBy('id')
      .execute();
    expect(moves.at(-1)).toEqual({ to_state: 'refunded', reason: '拍品撤拍，保证金退还' });
    // The registered buyer is told, in the inbox, with the reason and the amount.
    type Inbox = {
      list: Array<{ kind: string; title: string; body: string; read: boolean }>;
      unread: number;
    };
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/mall-auction/user/notice/list',
      headers: { authorization: tokens.buyer },
    });
    const told = envelope<Inbox>(inbox).data.list.find((n) => n.kind === 'lot.withdrawn');
    expect(told?.title).toBe('您报名的拍品已撤拍');
    expect(told?.body).toContain('车辆需要继续使用');
    expect(told?.body).toMatch(/保证金 ¥[\d,]+\.00 已原路退还/);
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/home/detail/info',
      payload: { orderId: announced },
    });
    expect(pub.statusCode).toBe(404);

    const bidding = (await submit(validForm())).data.orderId;
    await approve(bidding, 0);
    await t.ctx.dbh.db.updateTable('lot').set({ status: 3 }).where('id', '=', bidding).execute();
    const refused = await api('POST', 'seller/auc_order/cancel', tokens.sellerA, {
      orderId: bidding,
      reason: '竞价中想撤',
    });
    expect(refused.status).toBe(409);
    expect(refused.msg).toMatch(/竞价已开始/);
  });
});
