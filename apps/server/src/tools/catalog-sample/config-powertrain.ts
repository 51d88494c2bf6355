import {
  classScore,
  has,
  ladder,
  NONE,
  round,
  seriesUnit,
  type Category,
  type ModelContext,
} from './config-context';
import { pick } from './prng';
import {
  accel,
  driveInfo,
  engineSummary,
  GEARBOXES,
  headlinePower,
  isBev,
  isPlugIn,
  kerbWeight,
  motorTotals,
  kwToPs,
  topSpeed,
} from './powertrain-facts';

// 基本参数, 车身, 发动机, 电动机, 电池/充电, 变速箱, 底盘转向, 车轮制动.

const DOORS: Record<string, number> = { 三厢车: 4, 两厢车: 5, 掀背车: 5, 旅行车: 5, SUV: 5, MPV: 5, 跑车: 2 };

const WARRANTY: Record<string, string> = {
  tesla: '4年或8万公里',
  lexus: '4年或10万公里',
  bmw: '3年不限里程',
  benz: '3年不限里程',
  audi: '3年不限里程',
  porsche: '3年不限里程',
  landrover: '3年不限里程',
  volvo: '3年不限里程',
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function seriesClass(ctx: ModelContext): number {
  return classScore(median(ctx.series.trims.map((t) => t[2])));
}

/** A model year launches in the series' usual month, in the preceding calendar year from July on. */
function launchText(ctx: ModelContext): string {
  const m = ctx.series.launched.split('-')[1] ?? '01';
  return `${Number(m) >= 7 ? ctx.year - 1 : ctx.year}.${m}`;
}

export interface ChargeInfo {
  fastKw: number | null;
  fastHours: number | null;
  slowKw: number;
  slowHours: number;
}

export function chargeInfo(ctx: ModelContext): ChargeInfo | null {
  const { pt } = ctx;
  if (!isPlugIn(pt) || !pt.battery) return null;
  const kwh = pt.battery[0];
  let fastKw: number | null = pt.fastKw ?? null;
  if (fastKw === null && isBev(pt) && kwh >= 20) fastKw = Math.min(120, Math.max(40, Math.round(kwh * 1.4)));
  if (fastKw === null && !isBev(pt) && kwh >= 15) fastKw = Math.min(100, Math.round(kwh * 2));
  const slowKw = kwh < 20 ? 3.3 : ctx.price >= 300000 ? 11 : 7;
  return {
    fastKw,
    fastHours: fastKw === null ? null : round((kwh * 0.5) / (fastKw * 0.6), 2),
    slowKw,
    slowHours: Math.ceil((kwh / (slowKw * 0.9)) * 2) / 2,
  };
}

function electricConsumption(ctx: ModelContext): number | null {
  const { pt } = ctx;
  if (!isPlugIn(pt) || !pt.battery || !pt.evRange) return null;
  return isBev(pt) ? pt.cons : round(((pt.battery[0] * 100) / pt.evRange) * 0.9, 1);
}

export function basicParams(ctx: ModelContext): Category {
  const { pt, series } = ctx;
  const [length, width, height] = series.dims;
  const power = headlinePower(ctx);
  const m = motorTotals(pt);
  const charge = chargeInfo(ctx);
  const kerb = kerbWeight(ctx);
  const fuelOnly = pt.energy === '汽油' || pt.energy === '汽油+48V轻混系统' || pt.energy === '油电混合';
  const domestic = ctx.brand.country === '中国';
  const consumption = electricConsumption(ctx);
  return {
    厂商指导价: `${(ctx.price / 10000).toFixed(2)}万元`,
    厂商: series.fct,
    级别: series.level,
    能源类型: pt.energy,
    环保标准: ctx.engine ? '国VI' : NONE,
    上市时间: launchText(ctx),
    最大功率: `${power.kw}kW`,
    最大扭矩: `${power.nm}N·m`,
    发动机: engineSummary(ctx),
    电动机: m.kw > 0 ? `${pt.energy} ${kwToPs(m.kw)}马力` : NONE,
    变速箱: GEARBOXES[pt.gearbox].short,
    '长*宽*高': `${length}*${width}*${height}mm`,
    车身结构: `${DOORS[series.body] ?? 5}门${series.seats}座${series.body}`,
    最高车速: `${topSpeed(ctx)}km/h`,
    '官方0-100km/h加速': `${accel(ctx)}s`,
    WLTC综合油耗: fuelOnly ? `${pt.cons}L/100km` : NONE,
    WLTC亏电油耗: !fuelOnly && ctx.engine ? `${pt.cons}L/100km` : NONE,
    CLTC纯电续航里程: pt.evRange && isPlugIn(pt) ? `${pt.evRange}km` : NONE,
    百公里耗电量: consumption === null ? NONE : `${consumption}kWh/100km`,
    电池快充时间: charge?.fastHours ? `${charge.fastHours}小时` : NONE,
    快充电量百分比: charge?.fastHours ? '30%-80%' : NONE,
    整车质保:
      WARRANTY[ctx.brand.id] ??
      (domestic ? pick(['6年或15万公里', '5年或15万公里', '4年或12万公里'], ctx.brand.id) : '3年或10万公里'),
    首任车主质保政策:
      domestic && isPlugIn(pt) && seriesUnit(ctx, 'lifetime') < 0.6 ? '首任车主三电终身质保' : NONE,
    整备质量: `${kerb}kg`,
    最大满载质量: `${kerb + series.seats * 75 + 150}kg`,
  };
}

export function bodyParams(ctx: ModelContext): Category {
  const { series, pt } = ctx;
  const [length, width, height, wheelbase] = series.dims;
  const u = (k: string) => seriesUnit(ctx, k);
  const front = Math.round((width * 0.86) / 5) * 5;
  const suv = series.body === 'SUV';
  const offroad = has(ctx, 'offroad');
  const clearance = offroad
    ? 215 + u('gc') * 30
    : suv
      ? 160 + u('gc') * 40
      : series.body === 'MPV'
        ? 135 + u('gc') * 25
        : 115 + u('gc') * 35;
  const trunkBase = { 三厢车: 420, 两厢车: 300, 掀背车: 480, 旅行车: 520, SUV: 480, MPV: 320, 跑车: 300 }[
    series.body
  ];
  const cdBase = offroad ? 0.42 : suv ? 0.28 : series.body === 'MPV' ? 0.3 : 0.23;
  const tank = Math.round(
    42 + (length - 4000) * 0.02 + seriesClass(ctx) * 1.5 - (pt.energy === '插电式混合动力' ? 6 : 0),
  );
  return {
    长度: `${length}mm`,
    宽度: `${width}mm`,
    高度: `${height}mm`,
    轴距: `${wheelbase}mm`,
    前轮距: `${front}mm`,
    后轮距: `${front + Math.round(((u('track') - 0.4) * 40) / 5) * 5}mm`,
    最小离地间隙: `${Math.round(clearance)}mm`,
    车身结构: series.body,
    车门开启方式: has(ctx, 'slide') ? '平开门+侧滑门' : '平开门',
    车门数: `${DOORS[series.body] ?? 5}个`,
    座位数: `${series.seats}个`,
    油箱容积: ctx.engine ? `${tank}L` : NONE,
    后备厢容积: `${Math.round((trunkBase + (length - 4600) * 0.25 + u('trunk') * 60) / 5) * 5}L`,
    前备厢容积:
      has(ctx, 'frunk') || (isBev(pt) && u('frunk') < 0.4) ? `${Math.round(40 + u('frunkL') * 100)}L` : NONE,
    风阻系数: `${round(cdBase + u('cd') * 0.05 - (isBev(pt) ? 0.01 : 0), 3)}Cd`,
    接近角: suv ? `${Math.round((offroad ? 30 : 18) + u('aa') * 8)}°` : NONE,
    离去角: suv ? `${Math.round((offroad ? 28 : 20) + u('da') * 8)}°` : NONE,
  };
}

const LONGITUDINAL_BRANDS = [
  'bmw',
  'benz',
  'audi',
  'porsche',
  'landrover',
  'cadillac',
  'tank',
  'ford',
  'hongqi',
];

export function engineParams(ctx: ModelContext): Category | null {
  const e = ctx.engine;
  if (!e) return null;
  const longitudinal =
    e.layout === 'V' ||
    ctx.pt.rwd === true ||
    has(ctx, 'body-on-frame') ||
    (LONGITUDINAL_BRANDS.includes(ctx.brand.id) && ctx.pt.awd === 'full');
  const tech = e.generatorOnly
    ? '增程器专用,米勒循环'
    : e.aspiration === '自然吸气'
      ? pick(['VVT,米勒循环', 'DVVT,阿特金森循环', '双VVT,高压缩比'], e.code)
      : pick(['可变截面涡轮,缸内直喷', '电子水泵,双VVT', '集成式排气歧管,米勒循环'], e.code);
  return {
    发动机型号: e.code,
    排量: `${(Math.round(e.ml / 100) / 10).toFixed(1)}L`,
    气缸容积: `${e.ml}mL`,
    进气形式: e.aspiration,
    发动机布局: longitudinal ? '纵置' : '横置',
    气缸排列形式: e.layout,
    气缸数: `${e.cylinders}个`,
    每缸气门数: '4个',
    配气机构: 'DOHC',
    最大马力: `${kwToPs(e.kw)}Ps`,
    最大功率: `${e.kw}kW`,
    最大功率转速: `${e.kwRpm}rpm`,
    最大扭矩: `${e.nm}N·m`,
    最大扭矩转速: `${e.nmRpm}rpm`,
    最大净功率: `${Math.round(e.kw * 0.96)}kW`,
    能源类型: '汽油',
    燃油标号: e.fuel,
    供油方式: e.injection,
    缸盖材料: '铝合金',
    缸体材料: e.aspiration === '自然吸气' ? pick(['铸铁', '铝合金'], e.code, 'block') : '铝合金',
    环保标准: '国VI',
    发动机特有技术: tech,
  };
}

export function motorParams(ctx: ModelContext): Category | null {
  const { pt } = ctx;
  const m = motorTotals(pt);
  if (m.kw === 0) return null;
  const power = headlinePower(ctx);
  const asyncFront = ['tesla', 'nio'].includes(ctx.brand.id) && m.count === 2;
  const layout = m.count === 2 ? '前置+后置' : m.front[0] > 0 ? '前置' : '后置';
  return {
    电机描述: `${pt.energy} ${kwToPs(m.kw)}马力`,
    电机类型: asyncFront ? '前交流异步/后永磁同步' : '永磁同步电机',
    电动机总功率: `${m.kw}kW`,
    电动机总马力: `${kwToPs(m.kw)}Ps`,
    电动机总扭矩: `${m.nm}N·m`,
    前电动机最大功率: m.front[0] > 0 ? `${m.front[0]}kW` : NONE,
    前电动机最大扭矩: m.front[1] > 0 ? `${m.front[1]}N·m` : NONE,
    后电动机最大功率: m.rear[0] > 0 ? `${m.rear[0]}kW` : NONE,
    后电动机最大扭矩: m.rear[1] > 0 ? `${m.rear[1]}N·m` : NONE,
    系统综合功率: pt.sysKw || ctx.engine ? `${power.kw}kW` : NONE,
    系统综合扭矩: pt.sysNm ? `${pt.sysNm}N·m` : NONE,
    驱动电机数: m.count === 2 ? '双电机' : '单电机',
    电机布局: layout,
  };
}

const CELL_MAKERS: Record<string, readonly string[]> = {
  byd: ['弗迪电池'],
  denza: ['弗迪电池'],
  fcb: ['弗迪电池'],
  tesla: ['宁德时代', 'LG新能源'],
  xpeng: ['中创新航', '宁德时代'],
  aion: ['中创新航', '因湃电池'],
  haval: ['蜂巢能源'],
  tank: ['蜂巢能源'],
  wey: ['蜂巢能源', '宁德时代'],
  wuling: ['国轩高科', '宁德时代'],
  baojun: ['国轩高科', '宁德时代'],
  leapmotor: ['宁德时代', '中创新航'],
  geely: ['威睿电动', '宁德时代'],
  zeekr: ['威睿电动', '宁德时代'],
  lynkco: ['威睿电动', '宁德时代'],
};

export function batteryParams(ctx: ModelContext): Category | null {
  const { pt } = ctx;
  if (!pt.battery) return null;
  const [kwh, chem] = pt.battery;
  const charge = chargeInfo(ctx);
  const consumption = electricConsumption(ctx);
  const hybrid = pt.energy === '油电混合';
  const density = chem === '三元锂' ? 170 + seriesUnit(ctx, 'wh') * 30 : 140 + seriesUnit(ctx, 'wh') * 25;
  const v2l = isPlugIn(pt) ? ladder(ctx.score, [2, 5.5], [NONE, '3.3kW', '6kW']) : NONE;
  return {
    电池类型: hybrid
      ? ctx.brand.id === 'toyota' && ctx.price < 160000
        ? '镍氢电池'
        : '三元锂电池'
      : `${chem}电池`,
    电芯品牌: pick(CELL_MAKERS[ctx.brand.id] ?? ['宁德时代', '中创新航', '欣旺达'], ctx.series.id, 'cell'),
    电池冷却方式: hybrid ? '风冷' : '液冷',
    电池能量: `${kwh}kWh`,
    电池能量密度: hybrid ? NONE : `${Math.round(density)}Wh/kg`,
    CLTC纯电续航里程: pt.evRange && isPlugIn(pt) ? `${pt.evRange}km` : NONE,
    百公里耗电量: consumption === null ? NONE : `${consumption}kWh/100km`,
    电池组质保: hybrid ? '8年或20万公里' : ctx.brand.country === '中国' ? '8年或15万公里' : '8年或16万公里',
    快充功能: charge?.fastKw ? '支持' : NONE,
    快充功率: charge?.fastKw ? `${charge.fastKw}kW` : NONE,
    快充时间: charge?.fastHours ? `${charge.fastHours}小时` : NONE,
    快充电量范围: charge?.fastHours ? '30%-80%' : NONE,
    慢充功率: charge ? `${charge.slowKw}kW` : NONE,
    慢充时间: charge ? `${charge.slowHours}小时` : NONE,
    对外放电: v2l,
  };
}

export function gearboxParams(ctx: ModelContext): Category {
  const g = GEARBOXES[ctx.pt.gearbox];
  return { 简称: g.short, 挡位个数: g.gears === '无级' ? '无级' : `${g.gears}个`, 变速箱类型: g.type };
}

export function chassisParams(ctx: ModelContext): Category {
  const d = driveInfo(ctx.pt);
  const cls = seriesClass(ctx);
  const frame = has(ctx, 'body-on-frame');
  const front =
    frame || cls >= 5.5
      ? '双叉臂式独立悬架'
      : cls >= 4.5 && ctx.brand.id === 'audi'
        ? '五连杆式独立悬架'
        : '麦弗逊式独立悬架';
  const rear = frame
    ? '整体桥式非独立悬架'
    : cls < 1.6 && d.drive === '前置前驱'
      ? '扭力梁式非独立悬架'
      : '多连杆式独立悬架';
  return {
    驱动方式: d.drive,
    四驱形式: d.awdKind,
    中央差速器结构:
      ctx.pt.awd === 'full' ? (frame ? '行星齿轮式' : '多片离合器') : ctx.pt.awd ? '多片离合器' : NONE,
    前悬架类型: front,
    后悬架类型: rear,
    助力类型: '电动助力',
    车体结构: frame ? '非承载式' : '承载式',
  };
}

const RIM_RANGE: Record<string, readonly [number, number]> = {
  微型车: [12, 14],
  小型车: [15, 17],
  紧凑型车: [16, 19],
  中型车: [17, 20],
  中大型车: [18, 21],
  大型车: [19, 21],
  小型SUV: [16, 19],
  紧凑型SUV: [17, 20],
  中型SUV: [18, 21],
  中大型SUV: [19, 22],
  大型SUV: [20, 23],
  中型MPV: [17, 19],
  中大型MPV: [17, 20],
  大型MPV: [18, 20],
  跑车: [19, 21],
};

export function rimInches(ctx: ModelContext): number {
  const [lo, hi] = RIM_RANGE[ctx.series.level] ?? [16, 20];
  const raw = Math.round(14 + seriesClass(ctx) * 0.8 + ctx.tier * 1.6);
  return Math.min(hi, Math.max(lo, raw));
}

export function wheelParams(ctx: ModelContext): Category {
  const { series } = ctx;
  const rim = rimInches(ctx);
  const kerb = kerbWeight(ctx);
  const suvExtra = series.body === 'SUV' ? 10 : 0;
  const width = Math.min(
    305,
    Math.max(145, Math.round((175 + suvExtra + (kerb - 1000) * 0.045 + (rim - 16) * 8) / 10) * 10 + 5),
  );
  const micro = series.level === '微型车';
  // Typical overall tyre diameters (mm); the aspect ratio follows from rim and width.
  const dia =
    {
      微型车: 520,
      小型车: 620,
      跑车: 680,
      小型SUV: 670,
      紧凑型SUV: 690,
      中型SUV: 710,
      中大型SUV: 730,
      大型SUV: 760,
    }[series.level as string] ?? (series.body === 'MPV' ? 700 : 670);
  const aspect = (w: number) =>
    Math.min(
      75,
      Math.max(30, Math.round(((dia + (has(ctx, 'offroad') ? 60 : 0) - rim * 25.4) / 2 / w) * 20) * 5),
    );
  const staggered = (has(ctx, 'sport') || (ctx.pt.rwd && seriesClass(ctx) > 4)) && ctx.tier > 0.5;
  const rearWidth = staggered ? width + 30 : width;
  const cls = seriesClass(ctx);
  return {
    前制动器类型: micro ? '盘式' : '通风盘式',
    后制动器类型: micro ? '鼓式' : cls < 2.5 ? '盘式' : '通风盘式',
    驻车制动类型: micro || ctx.pt.gearbox === 'mt5' ? '手刹' : '电子驻车',
    前轮胎规格: `${width}/${aspect(width)} R${rim}`,
    后轮胎规格: `${rearWidth}/${aspect(rearWidth)} R${rim}`,
    备胎规格: has(ctx, 'offroad')
      ? '全尺寸'
      : isBev(ctx.pt)
        ? '无'
        : seriesUnit(ctx, 'spare') < 0.5
          ? '非全尺寸'
          : '无',
  };
}
