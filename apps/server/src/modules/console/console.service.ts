import type { consoleApi } from '@chepai/shared';
import { disposal, fenToYuanString, vinProblem, type OperatorRole } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { operatorRolesRepo } from '../accounts/operator-roles.repo';
import { disposalRepo } from '../disposal/disposal.repo';
import { maskAccount, unitCollectionHistory } from '../sellers/seller-profile.service';
import { formToWire, photoLabelOf, publicFileUrl, type StoredForm } from '../disposal/order-form';
import { ORDER_NOT_FOUND, approveOrder, returnOrder, withdrawOrder } from '../disposal/order-review';
import { eventLabel } from '../disposal/order-views';
import type { signedUrls } from '../files/signed-url';
import { writeAudit, type Actor } from './audit';
import { consoleRepo } from './console.repo';
import { lotControl, type ControlResult, type PublishInTx } from '../bidding/lot-control';
import { pageOf, pageOffset } from '../../lib/paging';

type Times = consoleApi.ScheduleTimes;
const STAGE_STATUS = { pending: 1, returned: 8, withdrawn: 7 } as const;

/** The console's review queue, lot monitor and audit log (docs/product.md#14-disposal-and-review). */
export function consoleService(ctx: AppContext, urls: ReturnType<typeof signedUrls>, publish: PublishInTx) {
  const { db } = ctx.dbh;
  const repo = consoleRepo(db);
  const roles = operatorRolesRepo(db);
  /** A staff action: the change and its audit row in one transaction. */
  const act = <T extends { before: unknown }>(
    actor: Actor,
    change: (trx: Transaction<Database>) => Promise<T>,
    entry: (result: T) => { action: string; reason?: string; after: unknown },
    targetId: string,
  ) =>
    db.transaction().execute(async (trx) => {
      const result = await change(trx);
      const e = entry(result);
      await writeAudit(trx, actor, { ...e, targetType: 'order', targetId, before: result.before });
      return result;
    });

  /** Pause, resume or extend: the lot, the order's timeline (when it came through disposal), the audit. */
  const control = (
    actor: Actor,
    orderId: string,
    action: string,
    kind: 'paused' | 'resumed' | 'extended',
    reason: string,
    run: (c: ReturnType<typeof lotControl>, now: Date) => Promise<ControlResult>,
  ) =>
    act(
      actor,
      async (trx) => {
        const now = ctx.now();
        const result = await run(lotControl(trx, publish), now);
        const orders = disposalRepo(trx);
        if (await orders.lockOrder(orderId))
          await orders.addEvent({ order_id: orderId, kind, at: now, actor_id: actor.id, note: reason });
        return result;
      },
      (r) => ({ action, reason, after: { status: r.status, paused: r.paused, endTime: r.endTime } }),
      orderId,
    ).then(({ before: _before, ...answer }) => answer);

  const summaryOf = (
    row: NonNullable<Awaited<ReturnType<typeof repo.submission>>>,
  ): consoleApi.SubmissionSummary => {
    const form = row.form as unknown as StoredForm;
    const status = row.stage === 'approved' ? 0 : STAGE_STATUS[row.stage];
    return {
      orderId: row.id,
      status,
      statusText: disposal.ORDER_STATUS_TEXT[status as disposal.OrderStatus],
      title: row.title,
      sellerName: row.seller_name,
      vin: row.vin,
      plateNo: row.plate_no,
      startPrice: fenToYuanString(form.startPrice),
      coverUrl: form.photos[0] ? publicFileUrl(form.photos[0], 'thumbnail') : '',
      photoCount: form.photos.length,
      submittedAt: new Date(row.submitted_at).getTime(),
      submitCount: row.submit_count,
    };
  };

  async function checksOf(row: { id: string; vin: string; form: unknown }, form: StoredForm) {
    const labels = form.photoLabels ?? [];
    const today = new Date(ctx.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const wishedEnd = new Date(form.wishEndTime + 8 * 3600_000).toISOString().slice(0, 10);
    const guide = form.modelId ? await repo.guidePrice(form.modelId) : null;
    return {
      vinValid: vinProblem(row.vin) === null,
      vinDuplicateOrderIds: await repo.sameVin(row.vin, row.id),
      photoCount: form.photos.length,
      missingAngles: disposal.PHOTO_ANGLES.filter((a) => !labels.includes(a)),
      missingDocuments: disposal.DISPOSAL_DOCUMENTS.filter(
        (d) => d.required && !form.documents.some((g) => g.name === d.name),
      ).map((d) => d.name),
      expiredDocuments: form.documents
        .filter((d) => d.expiry && (d.expiry < today || d.expiry < wishedEnd))
        .map((d) => d.name),
      guidePrice: guide === null ? null : fenToYuanString(Number(guide)),
      startToGuide: guide ? Math.round((form.startPrice / Number(guide)) * 1000) / 1000 : null,
    };
  }

  return {
    async me(userId: string) {
      return { operatorId: userId, name: await repo.operatorName(userId), roles: await roles.of(userId) };
    },
    rolesOf: (userId: string): Promise<OperatorRole[]> => roles.of(userId),

    async reviewList(q: { pageNum: number; pageSize: number; status: number; keyword?: string | undefined }) {
      const { total, rows } = await repo.submissions({
        stage: q.status === 8 ? 'returned' : 'pending',
        keyword: q.keyword,
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return { total, pageNum: q.pageNum, pageSize: q.pageSize, list: rows.map(summaryOf) };
    },

    async reviewDetail(orderId: string) {
      const row = await repo.submission(orderId);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const form = row.form as unknown as StoredForm;
      const types = new Map(
        (await repo.fileTypes(form.documents.map((d) => d.fileId))).map((f) => [f.id, f.content_type]),
      );
      const events = await disposalRepo(db).events(orderId);
      return {
        ...summaryOf(row),
        sellerUnit: { businessUnitId: row.seller_org_id, name: row.seller_name, orgType: row.org_type },
        form: formToWire(row.form),
        photos: form.photos.map((fileId, i) => ({
          fileId,
          url: publicFileUrl(fileId),
          label: photoLabelOf(form, i),
        })),
        documents: form.documents.map((d) => ({
          name: d.name,
          fileId: d.fileId,
          url: urls.sign(d.fileId, 'original'),
          contentType: types.get(d.fileId) ?? 'application/octet-stream',
          expiry: d.expiry ?? null,
        })),
        checks: await checksOf(row, form),
        timeline: events.map((e) => ({
          kind: e.kind,
          label: eventLabel(e.kind),
          time: new Date(e.at).getTime(),
          note: e.note,
        })),
        reviewReason: row.review_reason,
      };
    },

    approve: (actor: Actor, orderId: string, times: Times) => {
      if (times.endTime <= ctx.now().getTime()) throw badRequest('结束时间已过，请重新排期');
      return act(
        actor,
        (trx) => approveOrder(trx, { orderId, times, actorId: actor.id, now: ctx.now() }),
        () => ({ action: 'lot.approve', after: { status: 0, ...times } }),
        orderId,
      ).then((r) => ({ orderId: r.orderId, status: r.status }));
    },

    reject: (actor: Actor, orderId: string, reason: string) =>
      act(
        actor,
        (trx) => returnOrder(trx, { orderId, kind: 'reject', reason, actorId: actor.id, now: ctx.now() }),
        () => ({ action: 'lot.reject', reason, after: { status: 8 } }),
        orderId,
      ).then((r) => ({ orderId: r.orderId, status: r.status })),

    requestChanges: (actor: Actor, orderId: string, reason: string, items: string[]) =>
      act(
        actor,
        (trx) =>
          returnOrder(trx, { orderId, kind: 'changes', reason, items, actorId: actor.id, now: ctx.now() }),
        () => ({ action: 'lot.requestChanges', reason, after: { status: 8, items } }),
        orderId,
      ).then((r) => ({ orderId: r.orderId, status: r.status })),

    cancelLot: (actor: Actor, orderId: string, reason: string) =>
      act(
        actor,
        (trx) => withdrawOrder(trx, { orderId, reason, actorId: actor.id, now: ctx.now() }),
        (r) => ({ action: 'lot.cancel', reason, after: { status: 7, refundedDeposits: r.refunded } }),
        orderId,
      ).then((r) => ({ orderId: r.orderId, status: r.status })),

    pauseLot: (actor: Actor, orderId: string, reason: string) =>
      control(actor, orderId, 'lot.pause', 'paused', reason, (c, now) => c.pause(orderId, reason, now)),
    resumeLot: (actor: Actor, orderId: string, reason: string) =>
      control(actor, orderId, 'lot.resume', 'resumed', reason, (c, now) => c.resume(orderId, reason, now)),
    extendLot: (actor: Actor, orderId: string, endTime: number, reason: string) =>
      control(actor, orderId, 'lot.extend', 'extended', reason, (c, now) =>
        c.extend(orderId, endTime, reason, now),
      ),

    async monitorList(q: { pageNum: number; pageSize: number; status?: number[] | undefined }) {
      const { total, rows } = await repo.runningLots({
        statuses: q.status?.length ? q.status : [0, 2, 3, 4],
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return {
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        serverTime: ctx.now().getTime(),
        list: rows.map((r) => ({
          orderId: r.id,
          title: r.title,
          sellerName: r.seller_name,
          status: r.status,
          statusText: disposal.ORDER_STATUS_TEXT[r.status as disposal.OrderStatus] ?? '',
          currentPrice: fenToYuanString(Number(r.current_price)),
          bidCount: r.bid_count,
          registeredBidders: Number(r.registered),
          startTime: new Date(r.start_time).getTime(),
          endTime: new Date(r.end_time).getTime(),
          paused: r.paused_at !== null,
        })),
      };
    },

    async unitList(q: { pageNum: number; pageSize: number }) {
      const { total, rows } = await repo.units({ offset: pageOffset(q), limit: q.pageSize });
      return pageOf(
        q,
        total,
        rows.map((r) => ({
          businessUnitId: r.id,
          name: r.name,
          orgType: r.org_type,
          creditCode: r.credit_code,
          collection:
            r.bank_name && r.account_no_last4
              ? { bankName: r.bank_name, accountNo: maskAccount(r.account_no_last4) }
              : null,
        })),
      );
    },

    /** Staff reading a unit's bank-account history leave a row in the audit log. */
    async unitCollectionHistory(actor: Actor, unitId: string) {
      if (!(await repo.unitExists(unitId))) throw notFound('处置单位不存在');
      const history = await unitCollectionHistory(ctx, unitId);
      await writeAudit(db, actor, {
        action: 'unit.collectionHistory.read',
        targetType: 'seller_org',
        targetId: unitId,
        after: { entries: history.length },
      });
      return history;
    },

    async auditList(q: {
      pageNum: number;
      pageSize: number;
      action?: string | undefined;
      targetId?: string | undefined;
      operatorId?: string | undefined;
    }) {
      const { total, rows } = await repo.auditPage({
        ...q,
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return pageOf(
        q,
        total,
        rows.map((r) => ({
          id: r.id,
          at: new Date(r.at).getTime(),
          operatorId: r.operator_id,
          operatorName: r.operator_name,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          ip: r.ip,
          userAgent: r.user_agent,
          before: r.before ?? null,
          after: r.after ?? null,
          reason: r.reason,
        })),
      );
    },
  };
}
