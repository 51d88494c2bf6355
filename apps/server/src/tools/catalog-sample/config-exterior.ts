import {
  flag,
  has,
  ladder,
  leanScore,
  NONE,
  seriesUnit,
  type Category,
  type ModelContext,
} from './config-context';
import { isBev } from './powertrain-facts';

// 外观/防盗, 车外灯光, 天窗/玻璃, 外后视镜.

export function exteriorSecurity(ctx: ModelContext): Category {
  const { series } = ctx;
  const micro = series.level === '微型车';
  const tech = leanScore(ctx, 'tech');
  const keys = ['遥控钥匙', '蓝牙钥匙', 'NFC/RFID钥匙', 'UWB数字钥匙'].slice(
    0,
    ladder(tech, [1, 3, 5.5], [1, 2, 3, 4]),
  );
  const hiddenHandles = (isBev(ctx.pt) || (ctx.brand.tech ?? 0) >= 1) && seriesUnit(ctx, 'handles') < 0.6;
  return {
    外观套件: has(ctx, 'sport') || (ctx.tier >= 0.5 && seriesUnit(ctx, 'kit') < 0.5) ? '运动外观套件' : NONE,
    轮圈材质: micro && ctx.tier < 0.5 ? '钢' : '铝合金',
    电动后备厢: micro ? NONE : flag(ctx, '电动后备厢', 3.2, 'lux'),
    感应后备厢: micro ? NONE : flag(ctx, '感应后备厢', 5, 'lux'),
    电动后备厢位置记忆: micro ? NONE : flag(ctx, '电动后备厢位置记忆', 4, 'lux'),
    车顶行李架: series.body === 'SUV' ? flag(ctx, '车顶行李架', 1) : NONE,
    发动机电子防盗: ctx.engine ? '●' : NONE,
    车内中控锁: '●',
    钥匙类型: ctx.brand.id === 'tesla' ? '卡片钥匙/蓝牙钥匙' : keys.join('/'),
    无钥匙启动系统: flag(ctx, '无钥匙启动系统', 1.2),
    无钥匙进入功能: ctx.score >= 5 ? '全车' : ctx.score >= 1.5 ? '前排' : NONE,
    隐藏电动门把手: hiddenHandles ? '●' : NONE,
    远程启动功能: flag(ctx, '远程启动功能', 3, 'tech'),
    电吸门: flag(ctx, '电吸门', 6.5, 'lux'),
    电动侧滑门: has(ctx, 'slide') ? '●' : NONE,
    主动闭合式进气格栅: ctx.engine ? flag(ctx, '主动闭合式进气格栅', 4) : NONE,
  };
}

export function exteriorLights(ctx: ModelContext): Category {
  const s = ctx.score;
  return {
    近光灯光源: s < 1.2 ? '卤素' : 'LED',
    远光灯光源: s < 1.6 ? '卤素' : 'LED',
    灯光特色功能: ladder(s, [4, 6.5, 8.5], [NONE, '矩阵式', 'ADB自适应远光', '数字像素大灯']),
    LED日间行车灯: flag(ctx, 'LED日间行车灯', 0.5),
    自适应远近光: flag(ctx, '自适应远近光', 3.5),
    自动头灯: flag(ctx, '自动头灯', 1.5),
    转向辅助灯: flag(ctx, '转向辅助灯', 3),
    转向头灯: flag(ctx, '转向头灯', 5.5, 'lux'),
    前雾灯: s < 2 ? '卤素' : s < 5 ? 'LED' : NONE,
    大灯高度可调: '●',
    大灯延时关闭: flag(ctx, '大灯延时关闭', 1),
  };
}

export function roofGlass(ctx: ModelContext): Category {
  const { series } = ctx;
  const s = ctx.score;
  const fixedGlass = isBev(ctx.pt) && (ctx.brand.tech ?? 0) >= 0.8;
  const roof = ladder(s, [2, 4.5], [NONE, '电动天窗', fixedGlass ? '不可开启式全景天窗' : '全景天窗']);
  const hatch = ['两厢车', 'SUV', 'MPV', '旅行车'].includes(series.body);
  return {
    天窗类型: roof,
    '前/后电动车窗': '前●/后●',
    车窗一键升降功能: s < 2 ? '主驾驶' : '全车',
    车窗防夹手功能: '●',
    多层隔音玻璃: ladder(s, [3.5, 6], [NONE, '前排', '全车']),
    后风挡遮阳帘: series.body === '三厢车' ? flag(ctx, '后风挡遮阳帘', 6, 'lux') : NONE,
    后排侧窗遮阳帘:
      series.body === 'MPV' ? flag(ctx, '后排侧窗遮阳帘', 3) : flag(ctx, '后排侧窗遮阳帘', 6.5, 'lux'),
    后排隐私玻璃: hatch ? flag(ctx, '后排隐私玻璃', 2) : NONE,
    车内化妆镜: s < 1 ? '主驾驶+副驾驶' : '主驾驶+照明灯/副驾驶+照明灯',
    后雨刷: hatch ? '●' : NONE,
    感应雨刷功能: s < 2.2 ? NONE : '雨量感应式',
    可加热喷水嘴: flag(ctx, '可加热喷水嘴', 5),
    前挡风玻璃电加热: flag(ctx, '前挡风玻璃电加热', 7, 'lux'),
  };
}

export function mirrors(ctx: ModelContext): Category {
  return {
    电动调节: ctx.series.level === '微型车' ? NONE : '●',
    电动折叠: flag(ctx, '电动折叠', 1.8),
    后视镜加热: flag(ctx, '后视镜加热', 1),
    后视镜记忆: flag(ctx, '后视镜记忆', 5, 'lux'),
    倒车自动下翻: flag(ctx, '倒车自动下翻', 4, 'lux'),
    锁车自动折叠: flag(ctx, '锁车自动折叠', 2.2),
    外后视镜自动防眩目: flag(ctx, '外后视镜自动防眩目', 6.5, 'lux'),
    流媒体外后视镜: flag(ctx, '流媒体外后视镜', 10.5, 'lux'),
  };
}
