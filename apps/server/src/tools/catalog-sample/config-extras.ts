import {
  flag,
  has,
  modelUnit,
  NONE,
  round,
  seriesUnit,
  type Category,
  type ModelContext,
} from './config-context';
import { sample } from './prng';
import { accel, driveInfo, isBev, isPlugIn, kerbWeight } from './powertrain-facts';

// 颜色, 越野/四驱, 特色配置, 选装包, 实测.

const NEUTRAL_COLOURS = ['珍珠白', '冰川白', '曜石黑', '星空灰', '钛金灰', '月影银'];
const VIVID_COLOURS = [
  '极光蓝',
  '深海蓝',
  '天青色',
  '雾霾青',
  '赤焰红',
  '熔岩橙',
  '流光紫',
  '橄榄绿',
  '森林绿',
  '暖阳金',
  '沙漠黄',
  '玫瑰金',
];
const INTERIOR_COLOURS = ['黑色', '黑/红', '棕色', '米色', '灰色', '蓝/白', '橙/黑', '奶咖色'];

export function colours(ctx: ModelContext): Category {
  // Two or three neutral paints, as nearly every Chinese line-up has, then a few colours.
  const neutral = sample(
    NEUTRAL_COLOURS,
    2 + Math.floor(seriesUnit(ctx, 'neutral') * 2),
    ctx.series.id,
    'neutral',
  );
  const count = neutral.length + 2 + Math.floor(seriesUnit(ctx, 'colours') * 3);
  const outside = [
    ...neutral,
    ...sample(VIVID_COLOURS, count - neutral.length + 1, ctx.series.id, 'exterior'),
  ];
  // The top trim often gets one exclusive colour.
  const shown = ctx.tier >= 0.99 ? outside : outside.slice(0, count);
  const inside = sample(INTERIOR_COLOURS, 1 + Math.floor(ctx.tier * 2.5), ctx.series.id, 'interior');
  return { 外观颜色: shown.join('/'), 内饰颜色: inside.join('/') };
}

export function offRoad(ctx: ModelContext): Category | null {
  const d = driveInfo(ctx.pt);
  const offroad = has(ctx, 'offroad');
  if (!d.fourWheel && !offroad) return null;
  const frame = has(ctx, 'body-on-frame');
  return {
    四驱形式: d.awdKind,
    中央差速器锁止: frame ? '●' : NONE,
    前桥限滑方式: frame ? '差速锁' : offroad ? '电子限滑' : NONE,
    后桥限滑方式: frame ? '差速锁' : offroad ? '电子限滑' : NONE,
    低速四驱: frame && ctx.pt.awd === 'part' ? '●' : NONE,
    涉水感应: offroad ? flag(ctx, '涉水感应', 5) : NONE,
    最大涉水深度: offroad ? `${600 + Math.round(seriesUnit(ctx, 'wade') * 30) * 10}mm` : NONE,
    最大爬坡度: offroad ? `${60 + Math.round(seriesUnit(ctx, 'climb') * 20)}%` : NONE,
    原地掉头: frame || (offroad && d.drive === '双电机四驱') ? '●' : NONE,
    越野驾驶模式: offroad ? '沙地/泥地/岩石/雪地' : '雪地',
  };
}

export function specialFeatures(ctx: ModelContext): Category {
  const plug = isPlugIn(ctx.pt);
  return {
    露营模式: plug ? flag(ctx, '露营模式', 2, 'tech') : NONE,
    宠物模式: plug ? flag(ctx, '宠物模式', 3.5, 'tech') : NONE,
    哨兵模式: flag(ctx, '哨兵模式', 4, 'tech'),
    洗车模式: flag(ctx, '洗车模式', 3, 'tech'),
    小憩模式: flag(ctx, '小憩模式', 5, 'tech'),
    儿童遗留提醒: flag(ctx, '儿童遗留提醒', 5.5, 'tech'),
  };
}

const PACKAGES: ReadonlyArray<readonly [name: string, yuan: number]> = [
  ['智驾升级包', 8000],
  ['舒适座椅包', 6000],
  ['高级音响包', 8000],
  ['运动外观包', 5000],
  ['大尺寸轮毂包', 6000],
  ['全景天窗包', 5000],
  ['冬季包', 3000],
  ['HUD抬头显示包', 4000],
  ['后排娱乐包', 12000],
];

/** Option packs: included on the top trim, optional from the middle, not offered at the bottom. */
export function optionPacks(ctx: ModelContext): Category {
  const count = 2 + Math.floor(seriesUnit(ctx, 'packs') * 2);
  const out: Category = {};
  for (const [name, yuan] of sample(PACKAGES, count, ctx.series.id, 'packs')) {
    const scaled = Math.round((yuan * (0.6 + seriesUnit(ctx, `pack:${name}`))) / 500) * 500;
    out[name] =
      ctx.tier >= 0.99
        ? '●'
        : ctx.tier >= 0.3 || seriesUnit(ctx, `base:${name}`) < 0.3
          ? `○ ${scaled}元`
          : NONE;
  }
  return out;
}

/** Independent test figures exist for one model per series; the others show '-'. */
export function measured(ctx: ModelContext): Category {
  const t = ctx.tested;
  const u = (k: string) => modelUnit(ctx, k);
  const fuel = !isBev(ctx.pt) && ctx.pt.energy !== '增程式' && ctx.pt.energy !== '插电式混合动力';
  const plug = isPlugIn(ctx.pt);
  return {
    '实测0-100km/h加速': t ? `${round(accel(ctx) * (1 + (u('a') - 0.3) * 0.08), 2)}s` : NONE,
    '实测100-0km/h制动': t ? `${round(34 + (kerbWeight(ctx) - 1500) / 400 + u('b') * 3, 2)}m` : NONE,
    实测油耗: t && fuel ? `${round(ctx.pt.cons * (1.05 + u('f') * 0.2), 1)}L/100km` : NONE,
    实测能耗:
      t && plug && ctx.pt.battery && ctx.pt.evRange
        ? `${round(((ctx.pt.battery[0] * 100) / ctx.pt.evRange) * (1.08 + u('e') * 0.15), 1)}kWh/100km`
        : NONE,
    实测续航: t && plug && ctx.pt.evRange ? `${Math.round(ctx.pt.evRange * (0.72 + u('r') * 0.12))}km` : NONE,
    实测车内怠速噪音: t && fuel ? `${round(38 + u('n0') * 6, 1)}dB` : NONE,
    '实测60km/h匀速车内噪音': t ? `${round(54 + u('n1') * 6, 1)}dB` : NONE,
    '实测120km/h匀速车内噪音': t ? `${round(63 + u('n2') * 6, 1)}dB` : NONE,
  };
}
