import {
  flag,
  has,
  ladder,
  leanScore,
  NONE,
  pair,
  seriesUnit,
  type Category,
  type ModelContext,
} from './config-context';
import { isBev, isPlugIn } from './powertrain-facts';

// 屏幕/系统, 智能化配置, 方向盘/内后视镜, 车内充电, 座椅配置, 音响/车内灯光, 空调/冰箱.

const OS: Record<string, string> = {
  byd: 'DiLink',
  denza: 'DiLink',
  fcb: 'DiLink',
  geely: '银河Flyme Auto',
  lynkco: 'Flyme Auto',
  zeekr: 'ZEEKR OS',
  smart: 'smart OS',
  changan: '长安OnStyle',
  deepal: '深蓝OS',
  avatr: 'AVATR.OS',
  aito: 'HarmonyOS',
  xiaomi: 'Xiaomi HyperOS',
  lixiang: 'Li OS',
  nio: 'Banyan·榕',
  xpeng: '天玑XOS',
  leapmotor: 'Leap OS',
  haval: 'Coffee OS',
  tank: 'Coffee OS',
  wey: 'Coffee OS',
  chery: '雄狮智舱',
  hongqi: '旗偲OS',
  wuling: '灵语OS',
  baojun: '灵语OS',
  aion: 'ADiGO',
  trumpchi: 'ADiGO',
  voyah: '岚图OS',
  im: 'IMOS',
  mg: '斑马智行',
  tesla: 'Tesla OS',
  vw: 'MOS',
  toyota: 'Toyota Connect',
  lexus: 'Lexus Interface',
  honda: 'Honda CONNECT',
  nissan: 'Nissan Connect',
  buick: 'eConnect',
  chevrolet: 'MyLink',
  cadillac: 'CUE',
  bmw: 'iDrive',
  benz: 'MBUX',
  audi: 'MMI',
  volvo: 'Google车载系统',
  porsche: 'PCM',
  landrover: 'Pivi Pro',
  mazda: 'Mazda Connect',
  hyundai: 'Bluelink',
  kia: 'UVO',
  ford: 'SYNC+',
};

const WAKE_WORDS: Record<string, string> = {
  byd: '你好小迪',
  denza: '你好小迪',
  fcb: '你好小迪',
  nio: 'Hi NOMI',
  lixiang: '理想同学',
  xpeng: '你好小P',
  xiaomi: '小爱同学',
  aito: '小艺小艺',
  avatr: '小艺小艺',
  deepal: '小艺小艺',
  geely: '你好吉利',
  zeekr: '你好极氪',
  leapmotor: '你好零跑',
  tesla: NONE,
  bmw: '你好宝马',
  benz: '你好奔驰',
  audi: '你好奥迪',
};

const AUDIO: Record<string, string> = {
  bmw: 'Harman Kardon哈曼卡顿',
  benz: 'Burmester柏林之声',
  audi: 'Bang & Olufsen',
  volvo: 'Bowers & Wilkins宝华韦健',
  porsche: 'BOSE',
  landrover: 'Meridian英国之宝',
  lexus: 'Mark Levinson',
  cadillac: 'AKG',
  lixiang: '理想自研音响',
  nio: '7.1.4沉浸声',
  xiaomi: '小米声学',
  aito: 'HUAWEI SOUND',
  avatr: 'HUAWEI SOUND',
  byd: 'Dynaudio丹拿',
  denza: 'Devialet帝瓦雷',
  zeekr: 'Yamaha雅马哈',
  xpeng: 'Xopera小鹏音响',
  vw: 'Harman Kardon哈曼卡顿',
  hongqi: 'Dynaudio丹拿',
  lynkco: 'Infinity燕飞利仕',
  geely: 'Flyme Sound',
  im: 'Harman Kardon哈曼卡顿',
  toyota: 'JBL',
  honda: 'BOSE',
  nissan: 'BOSE',
  buick: 'BOSE',
  mazda: 'BOSE',
  kia: 'JBL',
  hyundai: 'BOSE',
  ford: 'B&O',
  wey: 'Sony索尼',
  tank: 'Infinity燕飞利仕',
  voyah: 'Dynaudio丹拿',
  deepal: 'HUAWEI SOUND',
  smart: 'BEATS',
};

export function screens(ctx: ModelContext): Category {
  const tech = leanScore(ctx, 'tech');
  const tesla = ctx.brand.id === 'tesla';
  const centre = ladder(
    tech + seriesUnit(ctx, 'screen'),
    [1.5, 3, 4.5, 6, 7.5],
    ['8', '10.1', '12.3', '14.6', '15.6', '16.1'],
  );
  const hud = has(ctx, 'hud')
    ? ladder(ctx.score, [4, 6.5], [NONE, 'W-HUD', 'AR-HUD'])
    : ladder(ctx.score, [6, 8.5], [NONE, 'W-HUD', 'AR-HUD']);
  const chip = tesla
    ? 'AMD Ryzen V2000A'
    : ctx.brand.id === 'aito'
      ? '麒麟990A'
      : ladder(tech, [1.5, 2.5, 6], ['联发科MT8666', '高通骁龙8155', '高通骁龙8155', '高通骁龙8295']);
  const rearScreen = (ctx.series.body === 'MPV' || ctx.series.seats >= 6) && ctx.score >= 5;
  return {
    中控彩色屏幕: ctx.score < 0.3 ? NONE : '触控液晶屏',
    中控屏幕尺寸: `${centre}英寸`,
    副驾娱乐屏尺寸: tech >= 6.5 && seriesUnit(ctx, 'co-screen') < 0.7 ? `${centre}英寸` : NONE,
    后排液晶屏幕: rearScreen ? ladder(ctx.score, [7], ['15.6英寸', '21.4英寸']) : NONE,
    液晶仪表样式: tesla ? NONE : ctx.score < 1.2 ? '半液晶' : '全液晶',
    液晶仪表尺寸: tesla ? NONE : ladder(ctx.score, [1.2, 3.5], ['7英寸', '10.25英寸', '12.3英寸']),
    HUD抬头数字显示: hud,
    车机智能芯片: chip,
    车载智能系统: OS[ctx.brand.id] ?? `${ctx.brand.name}智能座舱`,
    语音助手唤醒词: WAKE_WORDS[ctx.brand.id] ?? `你好${ctx.brand.name}`,
    语音免唤醒词: flag(ctx, '语音免唤醒词', 3, 'tech'),
    语音分区域唤醒识别: ladder(tech, [3, 5.5], [NONE, '双音区', '四音区']),
    可见即可说: flag(ctx, '可见即可说', 4, 'tech'),
    '手机互联/映射': tesla ? NONE : ctx.brand.country === '中国' ? 'CarLife/HiCar' : 'CarPlay/CarLife',
    '蓝牙/车载电话': '●',
    手势控制: flag(ctx, '手势控制', 7, 'tech'),
    OTA升级: flag(ctx, 'OTA升级', 2, 'tech'),
  };
}

export function connectivity(ctx: ModelContext): Category {
  const tech = leanScore(ctx, 'tech');
  const remote = ['车门控制', '车窗控制', '车辆定位', '空调控制', '座椅加热', '充电管理', '车辆状态查询'];
  const count = ladder(tech, [1, 2.5, 4.5, 6.5], [0, 3, 4, 5, 7]);
  const remoteList = remote.filter((item) => item !== '充电管理' || isPlugIn(ctx.pt)).slice(0, count);
  return {
    手机APP远程功能: remoteList.length ? remoteList.join('/') : NONE,
    车联网: flag(ctx, '车联网', 1, 'tech'),
    '4G/5G网络': tech >= 6 ? '5G' : tech >= 1 ? '4G' : NONE,
    'Wi-Fi热点': flag(ctx, 'Wi-Fi热点', 3.5, 'tech'),
    V2X通讯: flag(ctx, 'V2X通讯', 9, 'tech'),
    UWB数字钥匙: flag(ctx, 'UWB数字钥匙', 5.5, 'tech'),
    面部识别: flag(ctx, '面部识别', 6, 'tech'),
    车内生命体征检测: flag(ctx, '车内生命体征检测', 6.5, 'tech'),
  };
}

export function steering(ctx: ModelContext): Category {
  const lux = leanScore(ctx, 'lux');
  const tesla = ctx.brand.id === 'tesla';
  const gearbox = ctx.pt.gearbox;
  const shifter = tesla
    ? '屏幕换挡'
    : ctx.brand.id === 'benz'
      ? '怀挡'
      : gearbox === 'mt5'
        ? '机械挡杆'
        : (isBev(ctx.pt) || ctx.pt.energy === '增程式') && (ctx.brand.tech ?? 0) >= 0.8
          ? '怀挡'
          : ctx.score < 1.5
            ? '机械挡杆'
            : '电子挡杆';
  const paddles =
    ['at6', 'at8', 'at9', 'at10', 'dct7', 'dct8', 'pdk7', 'pdk8'].includes(gearbox) &&
    (has(ctx, 'sport') || ctx.score >= 4.5);
  return {
    方向盘材质: ladder(lux, [1.5, 3.5, 6.5], ['塑料', '皮质', '真皮', 'Nappa真皮']),
    方向盘位置调节: lux >= 5.5 ? '电动上下+前后调节' : '手动上下+前后调节',
    换挡形式: shifter,
    多功能方向盘: ctx.series.level === '微型车' && ctx.tier < 0.5 ? NONE : '●',
    方向盘换挡拨片: paddles ? '●' : NONE,
    方向盘加热: flag(ctx, '方向盘加热', 4, 'lux'),
    方向盘记忆: flag(ctx, '方向盘记忆', 6.5, 'lux'),
    内后视镜功能: tesla
      ? '自动防眩目'
      : ladder(ctx.score, [3, 7], ['手动防眩目', '自动防眩目', '流媒体后视镜']),
    行车电脑显示屏幕: ctx.score < 0.3 ? '单色' : '彩色',
  };
}

export function inCabinPower(ctx: ModelContext): Category {
  const s = ctx.score;
  const wireless = ladder(s, [2.5, 6.5], [NONE, '前排', '前排+后排']);
  return {
    '多媒体/充电接口': s < 1 ? 'USB' : 'USB/Type-C',
    'USB/Type-C接口数量': ladder(s, [1.5, 3.5], ['前排1个', '前排2个/后排1个', '前排2个/后排2个']),
    手机无线充电功能: wireless,
    无线充电最大功率: wireless === NONE ? NONE : leanScore(ctx, 'tech') >= 5 ? '50W' : '15W',
    '12V电源接口': '●',
    后备厢12V电源接口: flag(ctx, '后备厢12V电源接口', 3.5),
    车载220V电源: flag(ctx, '车载220V电源', 5, 'tech'),
  };
}

function featureList(items: ReadonlyArray<readonly [string, string]>): string {
  const on = items.filter(([, f]) => f === '●').map(([name]) => name);
  return on.length ? on.join('/') : NONE;
}

export function seats(ctx: ModelContext): Category {
  const lux = leanScore(ctx, 'lux');
  const { seats: n, body } = ctx.series;
  const threeRows = n >= 6;
  const driver = ['前后调节', '靠背调节', '高低调节(2向)'];
  if (lux >= 3) driver.push('腰部支撑(4向)');
  if (lux >= 6) driver.push('腿托调节', '肩部调节');
  const passenger = ['前后调节', '靠背调节'];
  if (lux >= 4) passenger.push('高低调节(2向)');
  if (lux >= 6.5) passenger.push('腿托调节');
  const front = featureList([
    ['加热', flag(ctx, '前排座椅加热', 2.5, 'lux')],
    ['通风', flag(ctx, '前排座椅通风', 4.5, 'lux')],
    ['按摩', flag(ctx, '前排座椅按摩', 6.2, 'lux')],
  ]);
  const second = featureList([
    ['加热', flag(ctx, '第二排座椅加热', 4, 'lux')],
    ['通风', flag(ctx, '第二排座椅通风', 6.5, 'lux')],
    ['按摩', threeRows ? flag(ctx, '第二排座椅按摩', 7, 'lux') : NONE],
  ]);
  const layout = n === 4 ? '2-2' : n === 5 ? '2-3' : n === 6 ? '2-2-2' : body === 'MPV' ? '2-2-3' : '2-3-2';
  return {
    座椅材质: ladder(lux, [1.8, 3.5, 6.5], ['织物', '仿皮', '皮质', 'Nappa真皮']),
    运动风格座椅: has(ctx, 'sport') ? '●' : NONE,
    主座椅调节方式: driver.join('/'),
    副座椅调节方式: passenger.join('/'),
    '主/副驾驶座电动调节': pair(
      '主',
      flag(ctx, '主驾驶座电动调节', 2.8, 'lux'),
      '副',
      flag(ctx, '副驾驶座电动调节', 4.2, 'lux'),
    ),
    前排座椅功能: front,
    电动座椅记忆功能: ladder(lux, [4.5, 6.5], [NONE, '主驾驶', '主驾驶+副驾驶']),
    副驾驶位后排可调节按钮: flag(ctx, '副驾驶位后排可调节按钮', 5, 'lux'),
    副驾电动腿托: flag(ctx, '副驾电动腿托', 7, 'tech'),
    第二排座椅调节: threeRows
      ? '前后调节/靠背调节/腿托调节'
      : ladder(lux, [3, 6], [NONE, '靠背调节', '前后调节/靠背调节']),
    第二排座椅电动调节: threeRows || lux >= 7 ? flag(ctx, '第二排座椅电动调节', 5, 'lux') : NONE,
    第二排座椅功能: second,
    第二排独立座椅: n === 6 || body === 'MPV' ? '●' : NONE,
    第三排座椅: threeRows ? (layout === '2-2-3' ? '3座' : '2座') : NONE,
    后排座椅放倒形式: body === '跑车' ? NONE : ctx.score < 1 ? '整体放倒' : '比例放倒',
    '前/后中央扶手': pair('前', '●', '后', flag(ctx, '后中央扶手', 0.8)),
    后排杯架: flag(ctx, '后排杯架', 1),
    座椅布局: layout,
  };
}

export function audioLighting(ctx: ModelContext): Category {
  const lux = leanScore(ctx, 'lux');
  const premium = Math.max(lux, leanScore(ctx, 'tech'));
  return {
    扬声器品牌名称: premium >= 5 ? (AUDIO[ctx.brand.id] ?? NONE) : NONE,
    扬声器数量: `${ladder(premium, [1.5, 3.5, 5.5, 7.5, 9.5], [4, 6, 8, 12, 18, 23])}喇叭`,
    杜比全景声: flag(ctx, '杜比全景声', 7, 'tech'),
    主动降噪: flag(ctx, '主动降噪', 6.5, 'lux'),
    头枕音响: flag(ctx, '头枕音响', 7.5, 'tech'),
    车内环境氛围灯: ladder(ctx.score, [2.5, 4.5], [NONE, '单色', '多色']),
    车内阅读灯: ctx.score < 1 ? '卤素' : 'LED',
  };
}

export function climate(ctx: ModelContext): Category {
  const lux = leanScore(ctx, 'lux');
  const threeRows = ctx.series.seats >= 6;
  return {
    空调温度控制方式: ctx.score < 1 ? '手动空调' : '自动空调',
    热泵空调: isBev(ctx.pt) || ctx.pt.energy === '增程式' ? flag(ctx, '热泵空调', 1.5, 'tech') : NONE,
    后排独立空调: threeRows || lux >= 7 ? flag(ctx, '后排独立空调', 4, 'lux') : NONE,
    后座出风口: flag(ctx, '后座出风口', 1),
    温度分区控制: ladder(lux, [2.5, 6, 8.5], [NONE, '双温区', '三温区', '四温区']),
    车载空气净化器: flag(ctx, '车载空气净化器', 4.5),
    '车内PM2.5过滤装置': flag(ctx, '车内PM2.5过滤装置', 1.8),
    负离子发生器: flag(ctx, '负离子发生器', 5),
    车内香氛装置: flag(ctx, '车内香氛装置', 6, 'lux'),
    车载冰箱: has(ctx, 'fridge') ? flag(ctx, '车载冰箱', 5, 'lux') : NONE,
    远程空调控制: flag(ctx, '远程空调控制', 2.5, 'tech'),
  };
}
