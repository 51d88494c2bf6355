import { deals, fenToYuanString, maskTel } from '@chepai/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { currentUser } from '../accounts/auth-check';
import { operatorRolesRepo } from '../accounts/operator-roles.repo';
import { actorOf, writeAudit } from '../console/audit';
import { consoleRepo } from '../console/console.repo';
import { signedUrls } from '../files/signed-url';
import { dealDefaults } from './deal-defaults';
import { dealFlowRepo } from './deal-flow.repo';
import { checkTerms, dealTerms, termsView } from './deal-terms';
import { dealsConsoleRepo } from './deals-console.repo';
import { summaryOf } from './deal-view';
import type { DealsService } from './deals.service';
import { pageOf, pageOffset } from '../../lib/paging';

/**
 * The console's deal pages (docs/product.md#16-the-deal-after-the-hammer): deals by stage with the
 * overdue first, one deal in full, defaults and strikes (lifting a bar is audited), the paper
 * contracts to review, the deal terms. Every staff change writes its audit row in its transaction.
 */
export async function registerDealsConsole(app: FastifyInstance, ctx: AppContext, service: DealsService) {
  const { db } = ctx.dbh;
  const repo = dealsConsoleRepo(db);
  const urls = signedUrls(await ensureSecret(db, 'file_url_key', makePepper), ctx.now);
  const actor = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return actorOf(request, user.id, (await consoleRepo(db).operatorName(user.id)) ?? '');
  };
  const buyerName = (r: { buyer_type: string | null; buyer_company: string | null; buyer_name: string }) =>
    r.buyer_type === 'company' && r.buyer_company ? r.buyer_company : r.buyer_name;

  route(app, deals.consoleDealList, async (q) => {
    const now = ctx.now();
    const { total, rows } = await repo.deals({
      stage: q.stage,
      overdueOnly: q.overdueOnly,
      keyword: q.keyword,
      now,
      offset: pageOffset(q),
      limit: q.pageSize,
    });
    const list = rows.map((r) => ({
      ...summaryOf(r, now),
      sellerName: r.org_name ?? '处置单位',
      buyerName: buyerName(r),
      buyerTel: r.buyer_tel ? maskTel(r.buyer_tel) : '',
      plateNo: r.plate_no,
    }));
    return { ...pageOf(q, total, list), serverTime: now.getTime() };
  });

  route(app, deals.consoleDealDetail, async ({ orderId }, { request }) => {
    const { row, view } = await service.consoleView(orderId);
    const bar = await dealDefaults.activeBar(db, row.buyer_id, ctx.now());
    // Finance (payments, refunds) and admins call buyers; other roles see the numbers masked.
    const roles = await operatorRolesRepo(db).of(currentUser(request).id);
    const unmasked = roles.includes('finance') || roles.includes('admin');
    const plan = view.pickupPlan;
    return {
      ...view,
      ...(unmasked
        ? {}
        : {
            buyer: { ...view.buyer, tel: view.buyer.tel && maskTel(view.buyer.tel) },
            pickupPlan: plan && { ...plan, agentTel: plan.agentTel && maskTel(plan.agentTel) },
          }),
      buyerId: row.buyer_id,
      buyerStrikes: await repo.strikeCount(row.buyer_id),
      buyerBarredUntil: bar?.until.getTime() ?? null,
      files: {
        paperContract: row.paper_contract_file_id ? urls.sign(row.paper_contract_file_id, 'original') : null,
        transferProof: row.transfer_proof_file_id ? urls.sign(row.transfer_proof_file_id, 'original') : null,
      },
    };
  });

  route(app, deals.consoleRecordTransfer, async (input, { request }) => {
    const who = await actor(request);
    return service.recordTransfer({ kind: 'operator', userId: who.id }, input, (trx, after) =>
      writeAudit(trx, who, { action: 'deal.transfer', targetType: 'deal', targetId: input.orderId, after }),
    );
  });

  route(app, deals.consoleChooseAfterDefault, async ({ orderId, action }, { request }) => {
    const who = await actor(request);
    await dealDefaults.choose(db, { kind: 'operator', userId: who.id }, orderId, action, ctx.now(), (trx) =>
      writeAudit(trx, who, {
        action: action === 'relist' ? 'deal.relist' : 'deal.secondChance',
        targetType: 'deal',
        targetId: orderId,
      }),
    );
    return (await service.consoleView(orderId)).view.defaultInfo!;
  });

  route(app, deals.consoleSetLotTerms, async ({ orderId, terms }, { request }) => {
    const who = await actor(request);
    const lot = await repo.lotForTerms(orderId);
    if (!lot) throw notFound('拍品不存在');
    // A closed lot's deal opened with its terms: changing them now would move nothing.
    if (lot.closed_at) throw conflict('拍品已结束，成交条件以成交时为准，不能再修改');
    const merged = { ...(lot.deal_terms ?? {}), ...terms };
    const resolved = checkTerms(
      deals.applyTerms(await dealTerms.defaults(db), {
        forfeitSellerSharePercent: lot.forfeit_seller_pct,
        sellerFeeMode: lot.seller_fee_separate ? 'separate' : 'deduct',
        ...merged,
      }),
    );
    await db.transaction().execute(async (trx) => {
      await dealFlowRepo(trx).setLotTerms(
        orderId,
        merged,
        resolved.forfeitSellerShareBp / 100,
        resolved.sellerFee.mode === 'separate',
      );
      await writeAudit(trx, who, {
        action: 'lot.dealTerms',
        targetType: 'lot',
        targetId: orderId,
        before: lot.deal_terms,
        after: merged,
      });
    });
    return termsView(resolved);
  });

  route(app, deals.consoleDefaultTerms, async () => ({
    ...termsView(await dealTerms.defaults(db)),
    barDays: await dealTerms.barDays(db),
  }));

  route(app, deals.consoleSaveDefaultTerms, async ({ terms, barDays }, { request }) => {
    const who = await actor(request);
    const before = await dealTerms.defaults(db);
    const saved = await db.transaction().execute(async (trx) => {
      const t = await dealTerms.saveDefaults(trx, terms, barDays, who.id, ctx.now());
      await writeAudit(trx, who, {
        action: 'settings.dealTerms',
        targetType: 'setting',
        targetId: 'deal_terms',
        before,
        after: { ...t, barDays },
      });
      return t;
    });
    return { ...termsView(saved), barDays: await dealTerms.barDays(db) };
  });

  route(app, deals.consoleDefaultList, async (q) => {
    const { total, rows } = await repo.defaults({
      open: q.open,
      offset: pageOffset(q),
      limit: q.pageSize,
    });
    return pageOf(
      q,
      total,
      rows.map((r) => ({
        orderId: r.lot_id,
        title: r.title,
        buyerId: r.buyer_id,
        buyerName: r.buyer_name,
        buyerTel: r.buyer_tel ? maskTel(r.buyer_tel) : '',
        sellerName: r.org_name ?? '处置单位',
        at: r.at.getTime(),
        reason: r.reason,
        reasonText: deals.DEFAULT_REASON_TEXT[r.reason],
        forfeited: fenToYuanString(Number(r.forfeited)),
        resolution: r.resolution,
        offerStatus: r.offer_status ?? null,
      })),
    );
  });

  route(app, deals.consoleStrikeList, async (q) => {
    const now = ctx.now();
    const { total, rows } = await repo.struckBuyers({
      barredOnly: q.barredOnly,
      keyword: q.keyword,
      now,
      offset: pageOffset(q),
      limit: q.pageSize,
    });
    const ids = rows.map((r) => r.id);
    const [strikes, bars] = await Promise.all([repo.strikesOf(ids), repo.barsOf(ids, now)]);
    return pageOf(
      q,
      total,
      rows.map((r) => {
        const bar = bars.find((b) => b.buyer_id === r.id);
        return {
          buyerId: r.id,
          buyerName: r.real_name,
          buyerTel: r.tel ? maskTel(r.tel) : '',
          strikes: strikes
            .filter((s) => s.buyer_id === r.id)
            .map((s) => ({ orderId: s.lot_id, title: s.title, at: s.at.getTime(), reasonText: s.reason })),
          bar: bar ? { barId: bar.id, since: bar.since.getTime(), until: bar.until.getTime() } : null,
        };
      }),
    );
  });

  route(app, deals.consoleLiftBar, async ({ buyerId, reason }, { request }) => {
    const who = await actor(request);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const lifted = await dealFlowRepo(trx).liftBars(buyerId, now, who.id, reason);
      if (!lifted.length) throw conflict('该竞买人当前没有报名限制');
      await writeAudit(trx, who, {
        action: 'buyer.liftBar',
        targetType: 'buyer',
        targetId: buyerId,
        before: lifted.map((b) => ({ barId: b.id, until: b.until.getTime() })),
        after: { liftedAt: now.getTime() },
        reason,
      });
    });
    return { liftedAt: now.getTime() };
  });

  route(app, deals.consoleContractQueue, async (q) => {
    const { total, rows } = await repo.contracts({
      status: q.status,
      offset: pageOffset(q),
      limit: q.pageSize,
    });
    return pageOf(
      q,
      total,
      rows.map((r) => ({
        orderId: r.lot_id,
        title: r.title,
        buyerName: r.buyer_name,
        status: r.paper_contract_status!,
        statusText: deals.PAPER_CONTRACT_STATUS_TEXT[r.paper_contract_status!],
        uploadedAt: r.paper_contract_uploaded_at!.getTime(),
        fileUrl: urls.sign(r.paper_contract_file_id!, 'original'),
        contentType: r.content_type,
        reason: r.paper_contract_reason,
      })),
    );
  });

  route(app, deals.consoleReviewContract, async (input, { request }) => {
    const who = await actor(request);
    if (!input.accept && !input.reason) throw badRequest('请填写驳回原因');
    return service.reviewPaperContract(who.id, input, (trx, before, after) =>
      writeAudit(trx, who, {
        action: input.accept ? 'deal.contractAccept' : 'deal.contractReject',
        targetType: 'deal',
        targetId: input.orderId,
        before,
        after,
        reason: input.reason,
      }),
    );
  });
}
