import type { ModelContext } from './config-context';
import { round } from './config-context';
import type { GearboxKey, PowertrainFact } from './types';

// Figures derived from a powertrain: totals, drive layout and, where the facts give none, an
// estimate of acceleration and top speed from the power-to-weight ratio (documented as sample data).

export interface MotorTotals {
  kw: number;
  nm: number;
  count: number;
  front: readonly [number, number];
  rear: readonly [number, number];
}

export function motorTotals(pt: PowertrainFact): MotorTotals {
  const [fkw, fnm, rkw, rnm] = pt.motor ?? [0, 0, 0, 0];
  return {
    kw: fkw + rkw,
    nm: fnm + rnm,
    count: (fkw > 0 ? 1 : 0) + (rkw > 0 ? 1 : 0),
    front: [fkw, fnm],
    rear: [rkw, rnm],
  };
}

export const isPlugIn = (pt: PowertrainFact): boolean =>
  pt.energy === '纯电动' || pt.energy === '增程式' || pt.energy === '插电式混合动力';

export const isBev = (pt: PowertrainFact): boolean => pt.energy === '纯电动';

export function headlinePower(ctx: ModelContext): { kw: number; nm: number } {
  const { pt, engine } = ctx;
  const m = motorTotals(pt);
  const ekw = engine?.kw ?? 0;
  const enm = engine?.nm ?? 0;
  switch (pt.energy) {
    case '纯电动':
    case '增程式':
      return { kw: pt.sysKw ?? m.kw, nm: pt.sysNm ?? m.nm };
    case '插电式混合动力':
      return { kw: pt.sysKw ?? Math.max(m.kw, ekw), nm: pt.sysNm ?? Math.max(m.nm, enm) };
    case '油电混合':
      return { kw: pt.sysKw ?? ekw + m.kw, nm: pt.sysNm ?? Math.max(enm, m.nm) };
    default:
      return { kw: ekw, nm: enm };
  }
}

export function kerbWeight(ctx: ModelContext): number {
  return ctx.series.kerb + (ctx.pt.extraKg ?? 0) + Math.round(ctx.tier * 30);
}

export function accel(ctx: ModelContext): number {
  if (ctx.pt.accel !== undefined) return ctx.pt.accel;
  const ratio = kerbWeight(ctx) / Math.max(headlinePower(ctx).kw, 1);
  const electric = ctx.pt.energy !== '汽油' && ctx.pt.energy !== '汽油+48V轻混系统';
  const raw = electric ? 0.58 * ratio + 0.9 : 0.72 * ratio + 0.3 + (ctx.pt.gearbox === 'cvt' ? 0.8 : 0);
  return round(Math.min(16, Math.max(2.5, raw)), 1);
}

export function topSpeed(ctx: ModelContext): number {
  if (ctx.pt.top !== undefined) return ctx.pt.top;
  const kw = headlinePower(ctx).kw;
  const electric = isPlugIn(ctx.pt) && ctx.pt.energy !== '插电式混合动力';
  // Big SUVs and MPVs are usually limited well below what their power would allow.
  const body = ctx.series.body;
  const sport = ctx.series.tags?.includes('sport') ?? false;
  const cap = body === 'MPV' ? 190 : body === 'SUV' && !sport ? 220 : sport ? 270 : electric ? 265 : 250;
  const raw = Math.min(cap, electric ? 55 + 11 * Math.sqrt(kw) : 140 + kw * 0.55);
  return Math.round(raw / 5) * 5;
}

export interface DriveInfo {
  drive: string;
  awdKind: string;
  fourWheel: boolean;
}

export function driveInfo(pt: PowertrainFact): DriveInfo {
  const m = motorTotals(pt);
  if (pt.awd) {
    const kind = { part: '分时四驱', auto: '适时四驱', full: '全时四驱' }[pt.awd];
    return { drive: '前置四驱', awdKind: kind, fourWheel: true };
  }
  if (m.front[0] > 0 && m.rear[0] > 0) return { drive: '双电机四驱', awdKind: '电动四驱', fourWheel: true };
  if (m.rear[0] > 0 && m.front[0] === 0) return { drive: '后置后驱', awdKind: '-', fourWheel: false };
  if (pt.rwd) return { drive: '前置后驱', awdKind: '-', fourWheel: false };
  return { drive: '前置前驱', awdKind: '-', fourWheel: false };
}

export interface GearboxInfo {
  short: string;
  gears: string;
  type: string;
}

export const GEARBOXES: Readonly<Record<GearboxKey, GearboxInfo>> = {
  single: { short: '电动车单速变速箱', gears: '1', type: '固定齿比变速箱' },
  dht: { short: 'DHT混动专用变速箱', gears: '1', type: '混动专用变速箱(DHT)' },
  ecvt: { short: 'E-CVT无级变速', gears: '无级', type: '电子无级变速箱(E-CVT)' },
  cvt: { short: 'CVT无级变速', gears: '无级', type: '无级变速箱(CVT)' },
  dct7: { short: '7挡湿式双离合', gears: '7', type: '湿式双离合变速箱(DCT)' },
  dct8: { short: '8挡湿式双离合', gears: '8', type: '湿式双离合变速箱(DCT)' },
  at6: { short: '6挡手自一体', gears: '6', type: '手自一体变速箱(AT)' },
  at8: { short: '8挡手自一体', gears: '8', type: '手自一体变速箱(AT)' },
  at9: { short: '9挡手自一体', gears: '9', type: '手自一体变速箱(AT)' },
  at10: { short: '10挡手自一体', gears: '10', type: '手自一体变速箱(AT)' },
  pdk7: { short: '7挡双离合', gears: '7', type: '双离合变速箱(PDK)' },
  pdk8: { short: '8挡双离合', gears: '8', type: '双离合变速箱(PDK)' },
  mt5: { short: '5挡手动', gears: '5', type: '手动变速箱(MT)' },
};

/** Kilowatts in metric horsepower (马力), as Chinese spec sheets print them. */
export const kwToPs = (kw: number): number => Math.round(kw * 1.36);

/** '1.5T 181马力 L4', as in the 基本参数 summary line. */
export function engineSummary(ctx: ModelContext): string {
  const e = ctx.engine;
  if (!e) return '-';
  const litres = (Math.round(e.ml / 100) / 10).toFixed(1);
  return `${litres}${e.aspiration === '自然吸气' ? 'L' : 'T'} ${kwToPs(e.kw)}马力 ${e.layout}${e.cylinders}`;
}

export function displacementLitres(ctx: ModelContext): number | null {
  return ctx.engine ? Math.round(ctx.engine.ml / 100) / 10 : null;
}
