import { disposal, fenToYuanString, fillPath, files } from '@chepai/shared';
import type { NewLot } from '../lots/lot-writer';

/** Money fields of the form: fen on the server and in storage, yuan strings on the wire. */
const MONEY_FIELDS = ['startPrice', 'reservePrice', 'increment', 'deposit', 'violationFine'] as const;

export type StoredForm = disposal.DisposalForm & { deposit: number };

/** What is kept of a validated submission: the deposit resolved to its default when omitted. */
export function toStoredForm(form: disposal.DisposalForm): StoredForm {
  return { ...form, deposit: form.deposit ?? disposal.defaultDepositFen(form.startPrice) };
}

/** The stored form as the seller's client reads it back (money as yuan strings). */
export function formToWire(stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const key of MONEY_FIELDS) {
    const v = stored[key];
    if (typeof v === 'number') out[key] = fenToYuanString(v);
  }
  return out;
}

export const orderTitle = (f: Pick<StoredForm, 'brandName' | 'seriesName' | 'modelName'>) =>
  `${f.brandName}${f.seriesName.startsWith(f.brandName) ? f.seriesName.slice(f.brandName.length) : f.seriesName} ${f.modelName}`.trim();

export const publicFileUrl = (fileId: string, variant: 'original' | 'thumbnail' = 'original') =>
  fillPath(files.FILE_PATHS.public, { id: fileId, variant });

export const photoLabelOf = (f: Pick<StoredForm, 'photoLabels'>, i: number) =>
  f.photoLabels?.[i] ?? `车辆照片${i + 1}`;

export interface LotTimes {
  previewTime: number;
  regStartTime: number;
  startTime: number;
  endTime: number;
}

/** The lot an approved order becomes (docs/product.md#14-disposal-and-review): same id, status 0. */
export function lotFromForm(
  orderId: string,
  sellerOrgId: string,
  f: StoredForm,
  times: LotTimes,
  now: Date,
): NewLot {
  const declared = [
    f.accident && '有事故',
    f.flood && '泡水',
    f.fire && '火烧',
    f.odometerIssue && '里程表异常',
  ]
    .filter(Boolean)
    .join('、');
  const notes = [
    declared ? `卖方申报：${declared}。` : '卖方申报：无事故、无泡水、无火烧，里程表正常。',
    f.conditionNotes,
    f.violationCount > 0 ? `未处理违章${f.violationCount}条。` : '',
    f.mortgaged ? '车辆存在抵押，成交后由处置单位负责解押。' : '',
    `钥匙${f.keyCount}把。`,
  ]
    .filter(Boolean)
    .join('');
  const notInspected = { grade: '未检测', notes: '以实车为准' };
  return {
    id: orderId,
    seller_id: sellerOrgId,
    status: 0,
    title: orderTitle(f),
    brand_name: f.brandName,
    series_name: f.seriesName,
    model_name: f.modelName,
    model_id: f.modelId ?? null,
    body_type: f.bodyType,
    vin: f.vin,
    plate_no: f.plateNo,
    plate_city: f.plateNo.slice(0, 2),
    first_reg_date: f.firstRegDate,
    mileage_km: f.mileageKm,
    color: f.color,
    fuel_type: f.fuelType,
    transmission: f.transmission,
    displacement: f.displacement,
    emission_standard: f.emissionStandard,
    usage_type: f.usageType,
    transfer_count: f.transferCount,
    inspection_expiry: f.inspectionExpiry,
    insurance_expiry: f.insuranceExpiry,
    province: f.province,
    city: f.city,
    pickup_address: f.pickupAddress,
    condition_report: JSON.stringify({
      overallGrade: '未检测',
      exterior: notInspected,
      interior: notInspected,
      engine: notInspected,
      chassis: notInspected,
      accident: f.accident,
      flood: f.flood,
      fire: f.fire,
      notes,
      inspector: '卖方申报',
      inspectedAt: now.toISOString().slice(0, 10),
    }),
    documents: JSON.stringify(f.documents.map((d) => ({ name: d.name, provided: true }))),
    description: [f.description, `看车地点：${f.viewingAddress}（${f.viewingTimes}）。`]
      .filter(Boolean)
      .join('\n'),
    start_price: f.startPrice,
    increment: f.increment,
    deposit: f.deposit,
    reserve_price: f.reservePrice,
    appraisal_price: null,
    current_price: f.startPrice,
    bid_count: 0,
    watchers: 0,
    views: 0,
    preview_time: new Date(times.previewTime),
    reg_start_time: new Date(times.regStartTime),
    start_time: new Date(times.startTime),
    end_time: new Date(times.endTime),
    extend_window_sec: 300,
    extend_step_sec: 300,
    listed_at: new Date(times.previewTime),
    updated_at: now,
  };
}
