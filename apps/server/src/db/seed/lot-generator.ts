import { BEIJING_OFFSET_MS } from '@chepai/shared/domain/beijing-time';
import type { NewLot } from '../../modules/lots/lot-writer';
import { demoPhotoUrl, photoViewsFor } from '../../modules/lots/demo-photos';
import {
  ACCIDENT_NOTES,
  COLORS,
  DOCUMENTS,
  GRADE_NOTES,
  INSPECTORS,
  PLACES,
  ROADS,
  SELLERS,
  SERIES,
} from './lot-data';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const BEIJING = BEIJING_OFFSET_MS;

/** Small deterministic PRNG (mulberry32): the same index always gives the same car. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

// Status of demo lot i: every status, weighted like a live mall (most lots public).
const STATUS_CYCLE = [
  0, 2, 3, 5, 6, 0, 2, 3, 5, 4, 2, 3, 5, 6, 0, 3, 5, 2, 6, 1, 0, 3, 5, 2, 6, 4, 3, 5, 0, 7,
];

export interface GeneratedLot {
  lot: Omit<NewLot, 'seller_id'>;
  sellerIndex: number;
  photos: Array<{ seq: number; url: string; label: string; is_cover: boolean }>;
  bids: Array<{ seq: number; bidder_no: string; amount: number; created_at: Date }>;
}

const roundTo = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);
/** A Beijing wall-clock hour on the day of `t` (e.g. 10:00), as an instant. */
const atBeijingHour = (t: number, hour: number) =>
  Math.floor((t + BEIJING) / DAY) * DAY - BEIJING + hour * HOUR;

function times(r: Rng, status: number, now: number) {
  const hour = r.pick([9, 10, 10, 14, 15, 16, 19, 20]);
  let start: number;
  let end: number;
  switch (status) {
    case 0:
    case 1:
      start = atBeijingHour(now + r.int(4, 9) * DAY, hour);
      end = start + r.pick([1, 1, 2]) * DAY;
      break;
    case 2:
      start = atBeijingHour(now + r.int(0, 2) * DAY, hour);
      if (start < now + 30 * MIN) start += DAY;
      end = start + r.pick([1, 1, 2]) * DAY;
      break;
    case 3:
      // Some end within the hour so the countdowns are lively.
      end = now + (r.chance(0.25) ? r.int(5, 59) * MIN : r.int(1, 44) * HOUR + r.int(0, 59) * MIN);
      start = Math.min(end - DAY, now - r.int(1, 20) * HOUR);
      break;
    case 4:
      end = now + r.int(2, 4) * MIN + r.int(0, 59) * 1000;
      start = end - DAY - 5 * MIN;
      break;
    default:
      end = now - r.int(1, 29 * 24) * HOUR;
      start = end - r.pick([1, 1, 2]) * DAY;
  }
  const regStart =
    status === 0 || status === 1
      ? start - 2 * DAY
      : status === 2
        ? Math.min(now - r.int(2, 60) * HOUR, start - 2 * DAY)
        : start - r.int(2, 3) * DAY;
  // Public lots were published before now.
  const preview = Math.min(regStart - r.int(1, 3) * DAY - r.int(0, 23) * HOUR, now - r.int(1, 48) * HOUR);
  return { preview, regStart, start, end };
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** The demo key of slot `i`'s first lot; later generations add `.2`, `.3`, … (lots.ts). */
export const demoKeyOf = (i: number) => `demo-${String(i).padStart(5, '0')}`;

/**
 * Slot `i`'s lot of the given generation (docs/decisions/058): every generation of a slot is in the
 * same hall (its status), with another car and its own times there (a sold car is not put up again).
 */
export function generateLot(i: number, nowDate: Date, generation = 1): GeneratedLot {
  const now = nowDate.getTime();
  const later = generation - 1;
  const r = rng(i * 7919 + 17 + later * 1_000_003);
  // 23 and the 54 series share no factor: a slot's generations go through every series in turn.
  const spec = SERIES[(i + later * 23) % SERIES.length] as (typeof SERIES)[number];
  const status = STATUS_CYCLE[i % STATUS_CYCLE.length] as number;
  const place = r.pick(PLACES);
  const platePlace = r.chance(0.8) ? place : r.pick(PLACES);
  const color = r.pick(COLORS);
  const model = r.pick(spec.models);
  const nowYear = new Date(now + BEIJING).getUTCFullYear();
  // A used car of a model year the series was sold in: no 2018款 of a series launched in 2021.
  const year = r.int(Math.min(Math.max(nowYear - 9, spec.since), nowYear - 1), nowYear - 1);
  const month = r.int(1, 12);
  const age = nowYear - year + (12 - month) / 12;
  const ev = spec.fuel === '纯电动';
  const mileage =
    Math.round((age * r.int(ev ? 6_000 : 9_000, spec.body === 'van' ? 40_000 : 24_000)) / 100) * 100;
  const newPrice = r.int(spec.price[0] * 10, spec.price[1] * 10) * 1000;
  const appraisal = roundTo(newPrice * Math.pow(0.86, age) * (ev ? 0.85 : 1), 1000);
  const startYuan = roundTo(appraisal * (0.6 + r.next() * 0.2), 500);
  const incYuan = startYuan < 50_000 ? 500 : startYuan < 200_000 ? 1000 : 2000;
  const depositYuan = startYuan < 100_000 ? 5000 : startYuan < 300_000 ? 10_000 : 20_000;
  const t = times(r, status, now);

  // Bid history, durable facts of the ended and running lots.
  const bids: GeneratedLot['bids'] = [];
  const wanted =
    status === 3
      ? r.int(0, 22)
      : status === 4
        ? r.int(12, 36)
        : status === 5
          ? r.int(3, 40)
          : status === 6
            ? r.int(0, 4)
            : 0;
  // Bidders join as the price climbs; prices stop near what the car is worth.
  const bidders = Array.from({ length: r.int(3, 9) }, () => String(r.int(100_000, 999_999)));
  const cap = Math.max(appraisal * 1.08, startYuan + incYuan * 3);
  let amount = startYuan;
  for (let s = 1; s <= wanted; s++) {
    const next = s === 1 ? startYuan : amount + incYuan * r.pick([1, 1, 1, 2, 3]);
    if (next > cap) break;
    amount = next;
    bids.push({ seq: s, bidder_no: '', amount: amount * 100, created_at: new Date(0) });
  }
  const nBids = bids.length;
  const lastAt = status === 4 ? t.end - 5 * MIN : Math.min(t.end, now) - r.int(1, 50) * MIN;
  let previous = '';
  for (const b of bids) {
    const pool = bidders.slice(
      0,
      Math.min(bidders.length, 2 + Math.floor((b.seq * bidders.length) / Math.max(nBids, 1))),
    );
    const candidates = pool.filter((x) => x !== previous);
    b.bidder_no = r.pick(candidates.length ? candidates : pool);
    previous = b.bidder_no;
    const at = t.start + Math.round(((lastAt - t.start) * b.seq) / nBids) - r.int(0, 40) * 1000;
    b.created_at = new Date(Math.max(t.start + b.seq * 1000, at));
  }
  const finalYuan = nBids ? amount : startYuan;
  const reserveYuan =
    status === 6
      ? roundTo(finalYuan + incYuan * r.int(2, 8), 100)
      : r.chance(0.3)
        ? null
        : roundTo(Math.min(finalYuan, startYuan * (1.05 + r.next() * 0.2)), 100);

  const grade = () => r.pick(['A', 'A', 'B', 'B', 'B', 'C']);
  const accident = r.chance(0.12);
  const plateBody = Array.from({ length: ev ? 6 : 5 }, (_, k) =>
    ev && k === 0 ? r.pick(['D', 'F']) : r.pick([...PLATE_CHARS]),
  ).join('');
  const vin = `${spec.wmi}${Array.from({ length: 14 }, () => r.pick([...VIN_CHARS])).join('')}`;
  const sellerIndex = r.int(0, SELLERS.length - 1);
  const seller = SELLERS[sellerIndex] as (typeof SELLERS)[number];
  const commercial = seller.name.includes('出行') || (spec.body === 'van' && r.chance(0.5));
  const isoDate = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 10);
  const story =
    seller.type === '融资租赁'
      ? '融资租赁合同到期回收车辆，手续齐全，可正常过户。'
      : seller.type === '机关单位'
        ? '公务用车制度改革处置车辆，专职驾驶员使用，按期保养。'
        : '企业自用车辆更新换代处置，定期在4S店保养。';

  return {
    sellerIndex,
    lot: {
      demo_key: demoKeyOf(i),
      status,
      title: `${year}款 ${spec.brand}${spec.series} ${model}`,
      brand_name: spec.brand,
      series_name: spec.series,
      model_name: model,
      body_type: spec.body,
      vin,
      plate_no: `${platePlace[2]}${plateBody}`,
      plate_city: platePlace[2],
      first_reg_date: `${year}-${String(month).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      mileage_km: mileage,
      color,
      fuel_type: spec.fuel,
      transmission: spec.transmission,
      displacement: spec.displacement,
      emission_standard: ev ? '无（纯电动）' : year >= 2020 ? '国VI' : '国V',
      usage_type: commercial ? '营运' : '非营运',
      transfer_count: r.pick([0, 0, 0, 1, 1, 2]),
      inspection_expiry: isoDate(now + r.int(30, 700) * DAY),
      insurance_expiry: r.chance(0.9) ? isoDate(now + r.int(10, 360) * DAY) : null,
      province: place[0],
      city: place[1],
      pickup_address: `${place[1]}市${place[3]}${r.pick(ROADS)}${r.int(8, 888)}号 车拍${place[1]}交付中心`,
      condition_report: JSON.stringify({
        overallGrade: `${grade()}${r.pick(['+', '', '-'])}`,
        exterior: { grade: grade(), notes: r.pick(GRADE_NOTES.exterior) },
        interior: { grade: grade(), notes: r.pick(GRADE_NOTES.interior) },
        engine: { grade: grade(), notes: r.pick(GRADE_NOTES.engine) },
        chassis: { grade: grade(), notes: r.pick(GRADE_NOTES.chassis) },
        accident,
        flood: r.chance(0.02),
        fire: r.chance(0.01),
        notes: accident ? r.pick(ACCIDENT_NOTES) : '无重大事故，无泡水、无火烧痕迹。',
        inspector: r.pick(INSPECTORS),
        inspectedAt: isoDate(t.preview - r.int(1, 5) * DAY),
      }),
      documents: JSON.stringify(
        DOCUMENTS.map((name) => ({
          name,
          provided: name === '购车发票' || name === '维修保养记录' ? r.chance(0.7) : true,
        })),
      ),
      description: `${story}表显里程${(mileage / 10_000).toFixed(1)}万公里，${color}${spec.series}，${r.pick(['车况精品', '个人一手', '原版原漆较多', '底盘扎实'])}。看车请提前预约，成交后${r.int(3, 7)}个工作日内办理提车。`,
      start_price: startYuan * 100,
      increment: incYuan * 100,
      deposit: depositYuan * 100,
      reserve_price: reserveYuan === null ? null : reserveYuan * 100,
      appraisal_price: appraisal * 100,
      current_price: finalYuan * 100,
      bid_count: nBids,
      // The figure is the real count of lot_watch rows, so a demo lot starts with none; the draw stays
      // so that every field generated after it keeps its value.
      watchers: Math.min(0, r.int(0, 180)),
      views: r.int(40, 2400),
      preview_time: new Date(t.preview),
      reg_start_time: new Date(t.regStart),
      start_time: new Date(t.start),
      end_time: new Date(t.end),
      extend_window_sec: 300,
      extend_step_sec: 300,
      listed_at: new Date(t.preview),
      updated_at: nowDate,
    },
    photos: photoViewsFor(spec.fuel).map((v, seq) => ({
      seq,
      url: demoPhotoUrl(spec.body, color, v.key),
      label: v.label,
      is_cover: seq === 0,
    })),
    bids,
  };
}
