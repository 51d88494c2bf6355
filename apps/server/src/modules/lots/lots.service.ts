import { beijingDayNumber } from '@chepai/shared/domain/beijing-time';
import { NOT_A_BIDDER } from './bidder-view';
import { fenToYuanString, yuanToFen } from '@chepai/shared/domain/money';
import {
  HALLS,
  LOT_STATUS_TEXT,
  PUBLIC_LOT_STATUSES,
  type LotStatus,
} from '@chepai/shared/contracts/lot-enums';
import type { ConditionReport, LotDetail, LotSummary, SearchFilters } from '@chepai/shared/contracts/lots';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { formatBeijing } from '../../lib/time';
import { lotsRepo, type LotQuery } from './lots.repo';
import { maskBidderNo, maskPlate, maskVin } from './masking';
import type { ViewCounter } from './view-counter';
import { createCountCache } from './count-cache';

const DAY_MS = 86_400_000;
const COUNT_TTL_MS = 10_000;
const statusText = (s: number) => LOT_STATUS_TEXT[s as LotStatus] ?? '未知';
const fenText = (v: string | number) => fenToYuanString(Number(v));

export interface SummaryRow {
  id: string;
  title: string;
  status: number;
  brand_name: string;
  series_name: string;
  model_name: string;
  body_type: string;
  color: string;
  current_price: string;
  start_price: string;
  start_time: Date;
  end_time: Date;
  province: string;
  city: string;
  plate_city: string;
  first_reg_date: string;
  mileage_km: number;
  fuel_type: string;
  bid_count: number;
  cover_url: string | null;
}

export function toSummary(r: SummaryRow): LotSummary {
  return {
    orderId: r.id,
    title: r.title,
    status: r.status,
    statusText: statusText(r.status),
    brandName: r.brand_name,
    seriesName: r.series_name,
    modelName: r.model_name,
    bodyType: r.body_type,
    color: r.color,
    currentPrice: fenText(r.current_price),
    startPrice: fenText(r.start_price),
    startTime: r.start_time.getTime(),
    endTime: r.end_time.getTime(),
    coverUrl: r.cover_url ?? '',
    province: r.province,
    city: r.city,
    plateCity: r.plate_city,
    firstRegDate: r.first_reg_date.slice(0, 7),
    mileageKm: r.mileage_km,
    fuelType: r.fuel_type,
    bidCount: r.bid_count,
  };
}

/** Validated filters → repository query; rejects contradictory ranges with a Chinese message. */
export function toLotQuery(f: SearchFilters): LotQuery {
  const toFen = (v: number | undefined) => (v === undefined ? undefined : yuanToFen(v));
  const q: LotQuery = {
    terms: (f.keyword ?? '').split(/\s+/).filter(Boolean).slice(0, 5),
    statuses: [...new Set(f.statusList ?? [])],
    brandId: f.brandId,
    brandName: f.brandName || undefined,
    priceMinFen: toFen(f.priceMin),
    priceMaxFen: toFen(f.priceMax),
    yearMin: f.yearMin,
    yearMax: f.yearMax,
    mileageMin: f.mileageMin,
    mileageMax: f.mileageMax,
    fuelType: f.fuelType,
    province: f.province || undefined,
    city: f.city || undefined,
    sort: f.sort ?? 'endingSoon',
  };
  const bad = (lo: number | undefined, hi: number | undefined) =>
    lo !== undefined && hi !== undefined && lo > hi;
  if (bad(q.priceMinFen, q.priceMaxFen)) throw badRequest('最低价不能高于最高价');
  if (bad(q.yearMin, q.yearMax)) throw badRequest('起始年份不能晚于结束年份');
  if (bad(q.mileageMin, q.mileageMax)) throw badRequest('最小里程不能大于最大里程');
  return q;
}

export function lotsService(ctx: AppContext, views: ViewCounter) {
  const repo = lotsRepo(ctx.dbh.db);
  const totals = createCountCache(COUNT_TTL_MS, () => Date.now());
  return {
    async search(pageNum: number, pageSize: number, filters: SearchFilters) {
      const q = toLotQuery(filters);
      const key = JSON.stringify({ ...q, sort: undefined });
      const [rows, total] = await Promise.all([
        repo.page(q, (pageNum - 1) * pageSize, pageSize),
        totals.get(key, () => repo.count(q)),
      ]);
      return { total, pageNum, pageSize, list: rows.map(toSummary) };
    },
    clearCountCache: () => totals.clear(),
    brandFacets: () => repo.brandFacets(),
    async summary(id: string) {
      const row = await repo.findSummary(id);
      if (!row) throw notFound('拍品不存在或已下架');
      return { ...toSummary(row), serverTime: ctx.now().getTime() };
    },
    async detail(id: string): Promise<LotDetail> {
      const row = await repo.findDetail(id);
      if (!row) throw notFound('拍品不存在或已下架');
      const photos = await repo.photos(id);
      views.hit(id);
      return {
        ...toSummary({ ...row, cover_url: photos[0]?.url ?? null }),
        serverTime: ctx.now().getTime(),
        previewTime: row.preview_time.getTime(),
        regStartTime: row.reg_start_time.getTime(),
        increment: fenText(row.increment),
        deposit: fenText(row.deposit),
        appraisalPrice: row.appraisal_price === null ? null : fenText(row.appraisal_price),
        hasReserve: row.reserve_price !== null,
        extendWindowMinutes: Math.round(row.extend_window_sec / 60),
        extendStepMinutes: Math.round(row.extend_step_sec / 60),
        paused: row.paused_at !== null,
        watchers: row.watchers,
        views: Number(row.views) + views.pending(id),
        ...NOT_A_BIDDER,
        vinMasked: maskVin(row.vin),
        plateMasked: maskPlate(row.plate_no),
        transmission: row.transmission,
        displacement: row.displacement,
        emissionStandard: row.emission_standard,
        usageType: row.usage_type,
        transferCount: row.transfer_count,
        inspectionExpiry: row.inspection_expiry,
        insuranceExpiry: row.insurance_expiry,
        pickupAddress: row.pickup_address,
        description: row.description,
        sellerName: row.seller_name,
        sellerType: row.seller_type,
        condition: row.condition_report as ConditionReport,
        documents: row.documents as Array<{ name: string; provided: boolean }>,
        photos,
      };
    },
    async bidRecords(orderId: string, pageNum: number, pageSize: number) {
      if (!(await repo.isPublic(orderId))) throw notFound('拍品不存在或已下架');
      const { rows, total, topSeq } = await repo.bids(orderId, (pageNum - 1) * pageSize, pageSize);
      return {
        total,
        pageNum,
        pageSize,
        list: rows.map((b) => ({
          seq: b.seq,
          bidderNo: maskBidderNo(b.bidder_no),
          amount: fenText(b.amount),
          bidTime: formatBeijing(b.created_at),
          leading: b.seq === topSeq,
        })),
      };
    },
    async statOnStatus() {
      const counts = await repo.countByStatus();
      const n = (s: number) => counts.get(s) ?? 0;
      const hall = (name: keyof typeof HALLS) =>
        HALLS[name].statuses.reduce((a: number, s: number) => a + n(s), 0);
      return {
        list: PUBLIC_LOT_STATUSES.map((s) => ({ status: s, statusText: statusText(s), count: n(s) })),
        halls: {
          foreshowHall: hall('foreshowHall'),
          applyHall: hall('applyHall'),
          auctionHall: hall('auctionHall'),
          resultHall: hall('resultHall'),
        },
        serverTime: ctx.now().getTime(),
      };
    },
    async statByDate() {
      const today = beijingDayNumber(ctx.now().getTime());
      const from = today - 29;
      const { listed, sold, onAuction } = await repo.dailyCounts(from, today);
      const days = Array.from({ length: 30 }, (_, i) => from + i);
      return {
        dates: days.map((d) => new Date(d * DAY_MS).toISOString().slice(5, 10)),
        listed: days.map((d) => listed.get(d) ?? 0),
        onAuction: days.map((d) => onAuction.get(d) ?? 0),
        sold: days.map((d) => sold.get(d) ?? 0),
      };
    },
  };
}
