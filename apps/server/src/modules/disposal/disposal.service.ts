import type { disposal } from '@chepai/shared';
import { fenToYuanString } from '@chepai/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../accounts/sessions';
import { signedUrls } from '../files/signed-url';
import { maskBidderNo } from '../lots/masking';
import { sellerUnitsService } from '../sellers/seller-units.service';
import { disposalRepo } from './disposal.repo';
import {
  formToWire,
  orderTitle,
  photoLabelOf,
  publicFileUrl,
  toStoredForm,
  type StoredForm,
} from './order-form';
import { ORDER_NOT_FOUND, withdrawOrder } from './order-review';
import { orderSummaryOf, timelineOf } from './order-views';
import { orderNotices } from '../notices/order-notices';
import { pageOffset } from '../../lib/paging';

type SubmitInput = disposal.DisposalForm & { orderId?: string | undefined; draftId?: string | undefined };

export const VIN_IN_USE = '该车架号的车辆已在拍卖中或待审核，不能重复提交';
export const FILE_NOT_OURS = '文件不存在或不属于本单位，请重新上传';

/** A seller's submissions, drafts and orders (docs/product.md#14-disposal-and-review). */
export function disposalService(ctx: AppContext, fileUrlKey: string) {
  const { db } = ctx.dbh;
  const repo = disposalRepo(db);
  const units = sellerUnitsService(ctx);
  const urls = signedUrls(fileUrlKey, ctx.now);
  const unitOf = async (user: SessionUser) => (await units.currentUnit(user)).id;

  /** Every photo an image of the unit, every document a file of the unit. */
  async function checkFiles(unitId: string, form: disposal.DisposalForm) {
    const ids = [...form.photos, ...form.documents.map((d) => d.fileId)];
    const rows = new Map((await repo.files(ids)).map((f) => [f.id, f]));
    const ours = (id: string) => rows.get(id)?.owner_unit_id === unitId;
    if (!ids.every(ours)) throw badRequest(FILE_NOT_OURS);
    if (form.photos.some((id) => rows.get(id)?.type !== 'image' || rows.get(id)?.is_private))
      throw badRequest('车辆照片须为公开的图片文件，请重新上传');
  }

  const draftSummary = (d: { id: string; title: string; updated_at: Date }) => ({
    draftId: d.id,
    title: d.title || '未命名草稿',
    updatedAt: new Date(d.updated_at).getTime(),
  });
  const draftTitle = (form: Record<string, unknown>) =>
    ['brandName', 'seriesName', 'plateNo']
      .map((k) => (typeof form[k] === 'string' ? form[k].trim().slice(0, 30) : ''))
      .filter(Boolean)
      .join(' ');

  return {
    /** The live check of the form's VIN field; `orderId` is the returned order being edited. */
    async checkVin(user: SessionUser, vin: string, orderId: string | null) {
      await unitOf(user);
      const inUse = await repo.vinInUse(vin, orderId);
      return { vin, inUse, message: inUse ? VIN_IN_USE : null };
    },

    async submit(user: SessionUser, input: SubmitInput) {
      const unitId = await unitOf(user);
      const { orderId: resubmitId, draftId, ...form } = input;
      const stored = toStoredForm(form);
      await checkFiles(unitId, form);
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const tx = disposalRepo(trx);
        if (await tx.vinInUse(stored.vin, resubmitId ?? null)) throw conflict(VIN_IN_USE);
        const columns = {
          form: JSON.stringify(stored),
          title: orderTitle(stored),
          vin: stored.vin,
          plate_no: stored.plateNo,
          updated_at: now,
        };
        let orderId: string;
        let submitCount = 1;
        if (resubmitId) {
          const order = await tx.lockOrder(resubmitId);
          if (!order || order.seller_org_id !== unitId) throw notFound(ORDER_NOT_FOUND);
          if (order.stage !== 'returned') throw conflict('只有已驳回的订单可以修改后重新提交');
          await tx.updateOrder(order.id, {
            ...columns,
            stage: 'pending',
            submit_count: order.submit_count + 1,
            submitted_at: now,
            submitted_by: user.id,
          });
          orderId = order.id;
          submitCount = order.submit_count + 1;
        } else {
          orderId = (
            await tx.insertOrder({
              ...columns,
              seller_org_id: unitId,
              submitted_by: user.id,
              stage: 'pending',
              submitted_at: now,
            })
          ).id;
        }
        await tx.addEvent({
          order_id: orderId,
          kind: resubmitId ? 'resubmitted' : 'submitted',
          at: now,
          actor_id: user.id,
          note: '',
        });
        await orderNotices.submitted(trx, { id: orderId, title: columns.title, submitCount }, now);
        if (draftId) await tx.deleteDraft(draftId, unitId);
        return { orderId, status: 1 as const };
      });
    },

    async saveDraft(user: SessionUser, draftId: string | undefined, form: Record<string, unknown>) {
      const unitId = await unitOf(user);
      const now = ctx.now();
      const values = { form: JSON.stringify(form), title: draftTitle(form), updated_at: now };
      if (draftId) {
        const row = await repo.updateDraft(draftId, unitId, values);
        if (!row) throw notFound('草稿不存在或已删除');
        return draftSummary(row);
      }
      return draftSummary(
        await repo.insertDraft({ ...values, seller_org_id: unitId, user_id: user.id, created_at: now }),
      );
    },
    async drafts(user: SessionUser) {
      return (await repo.drafts(await unitOf(user))).map(draftSummary);
    },
    async draft(user: SessionUser, draftId: string) {
      const row = await repo.draft(draftId, await unitOf(user));
      if (!row) throw notFound('草稿不存在或已删除');
      return { ...draftSummary(row), form: row.form };
    },
    async deleteDraft(user: SessionUser, draftId: string) {
      if (!(await repo.deleteDraft(draftId, await unitOf(user)))) throw notFound('草稿不存在或已删除');
      return null;
    },

    async list(
      user: SessionUser,
      q: { pageNum: number; pageSize: number; status?: number[] | undefined; keyword?: string | undefined },
    ) {
      const unitId = await unitOf(user);
      const { total, rows } = await repo.list({
        unitId,
        statuses: q.status,
        keyword: q.keyword,
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return { total, pageNum: q.pageNum, pageSize: q.pageSize, list: rows.map(orderSummaryOf) };
    },

    async detail(user: SessionUser, orderId: string) {
      const row = await repo.detail(orderId, await unitOf(user));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const events = await repo.events(orderId);
      const sold = row.status === 5;
      const closed = row.status === 5 || row.status === 6;
      const winner = sold ? await repo.winnerNo(orderId) : undefined;
      return {
        ...orderSummaryOf(row),
        timeline: timelineOf(row, events, ctx.now()),
        previewTime: row.preview_time ? new Date(row.preview_time).getTime() : null,
        regStartTime: row.reg_start_time ? new Date(row.reg_start_time).getTime() : null,
        reviewKind: row.stage === 'returned' ? row.review_kind : null,
        cancelReason: row.cancel_reason,
        result: closed
          ? {
              sold,
              price: sold && row.current_price ? fenToYuanString(Number(row.current_price)) : null,
              bidderNo: winner ? maskBidderNo(winner.bidder_no) : null,
            }
          : null,
        canCancel: [0, 1, 2, 8].includes(row.status),
        canResubmit: row.stage === 'returned',
      };
    },

    async info(user: SessionUser, orderId: string) {
      const order = await repo.orderOfUnit(orderId, await unitOf(user));
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const form = order.form as unknown as StoredForm;
      const detail = await repo.detail(orderId, order.seller_org_id);
      return {
        orderId: order.id,
        status: detail?.status ?? 1,
        form: formToWire(order.form),
        photos: form.photos.map((fileId, i) => ({
          fileId,
          url: publicFileUrl(fileId),
          label: photoLabelOf(form, i),
        })),
        documents: form.documents.map((d) => ({
          name: d.name,
          fileId: d.fileId,
          url: urls.sign(d.fileId, 'original'),
          expiry: d.expiry ?? null,
        })),
      };
    },

    async cancel(user: SessionUser, orderId: string, reason: string) {
      const unitId = await unitOf(user);
      const order = await repo.orderOfUnit(orderId, unitId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (order.stage === 'approved' && reason.length < 2)
        throw badRequest('拍品已公告，撤拍须填写原因（至少2个字）');
      const done = await db
        .transaction()
        .execute((trx) => withdrawOrder(trx, { orderId, reason, actorId: user.id, now: ctx.now() }));
      return { orderId: done.orderId, status: done.status };
    },
  };
}
export type DisposalService = ReturnType<typeof disposalService>;
