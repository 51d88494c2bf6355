import { flag, has, ladder, leanScore, NONE, pair, type Category, type ModelContext } from './config-context';
import { pick } from './prng';
import { isBev, isPlugIn } from './powertrain-facts';

// 被动安全, 主动安全, 驾控操作, 驾驶硬件, 驾驶功能.

type Chip = readonly [name: string, tops: number];

const DOMESTIC_CHIPS: readonly Chip[] = [
  ['地平线征程3', 5],
  ['地平线征程6M', 128],
  ['NVIDIA DRIVE Orin-X', 254],
];
const IMPORTED_CHIPS: readonly Chip[] = [
  ['Mobileye EyeQ4', 2.5],
  ['Mobileye EyeQ5H', 24],
  ['Mobileye EyeQ6H', 34],
];

/** Driver-assist computers per brand for assist levels 1..3. */
const CHIPS: Record<string, readonly Chip[]> = {
  tesla: [
    ['Tesla FSD HW4.0', 144],
    ['Tesla FSD HW4.0', 144],
    ['Tesla FSD HW4.0', 144],
  ],
  xpeng: [
    ['地平线征程3', 5],
    ['NVIDIA DRIVE Orin-X', 254],
    ['NVIDIA DRIVE Orin-X ×2', 508],
  ],
  aito: [
    ['地平线征程3', 5],
    ['华为MDC 610', 200],
    ['华为MDC 810', 400],
  ],
  avatr: [
    ['地平线征程3', 5],
    ['华为MDC 610', 200],
    ['华为MDC 810', 400],
  ],
  deepal: [
    ['地平线征程3', 5],
    ['华为MDC 610', 200],
    ['华为MDC 810', 400],
  ],
  lixiang: [
    ['地平线征程5', 128],
    ['地平线征程6M', 128],
    ['NVIDIA DRIVE Thor-U', 700],
  ],
  nio: [
    ['NVIDIA DRIVE Orin-X ×4', 1016],
    ['NVIDIA DRIVE Orin-X ×4', 1016],
    ['NVIDIA DRIVE Orin-X ×4', 1016],
  ],
  xiaomi: [
    ['NVIDIA DRIVE Orin-N', 84],
    ['NVIDIA DRIVE Orin-N', 84],
    ['NVIDIA DRIVE Orin-X ×2', 508],
  ],
  zeekr: [
    ['Mobileye EyeQ5H ×2', 48],
    ['NVIDIA DRIVE Orin-X ×2', 508],
    ['NVIDIA DRIVE Orin-X ×2', 508],
  ],
  byd: [
    ['地平线征程6M', 128],
    ['地平线征程6M', 128],
    ['NVIDIA DRIVE Orin-X', 254],
  ],
  denza: [
    ['地平线征程6M', 128],
    ['NVIDIA DRIVE Orin-X', 254],
    ['NVIDIA DRIVE Orin-X ×2', 508],
  ],
  fcb: [
    ['地平线征程6M', 128],
    ['地平线征程6M', 128],
    ['NVIDIA DRIVE Orin-X', 254],
  ],
};

const ASSIST_NAMES: Record<string, string> = {
  byd: '天神之眼',
  denza: '天神之眼',
  fcb: '天神之眼',
  tesla: 'Autopilot自动辅助驾驶',
  xpeng: 'XNGP',
  aito: 'HUAWEI ADS',
  avatr: 'HUAWEI ADS',
  deepal: '乾崑智驾',
  lixiang: '理想AD',
  nio: 'NOP+',
  xiaomi: 'Xiaomi HAD',
  zeekr: '浩瀚智驾',
  im: 'IM AD',
  leapmotor: 'Leap Pilot',
  geely: '千里浩瀚',
  lynkco: '千里浩瀚',
  smart: 'smart Pilot',
  wey: 'Coffee Pilot',
  haval: 'Coffee Pilot',
  tank: 'Coffee Pilot',
  vw: 'IQ.Pilot',
  toyota: 'Toyota Safety Sense',
  lexus: 'Lexus Safety System+',
  honda: 'Honda SENSING',
  nissan: 'ProPILOT',
  bmw: 'BMW驾驶辅助',
  benz: '智能领航系统',
  audi: '奥迪智能驾驶辅助',
  volvo: 'Pilot Assist',
  cadillac: 'Super Cruise',
};

/** 0 none, 1 L2 basics, 2 highway NOA, 3 city NOA (only Chinese tech-leaning brands). */
export function assistLevel(ctx: ModelContext): number {
  const level = ladder(leanScore(ctx, 'tech'), [2.2, 4.6, 7.2], [0, 1, 2, 3]);
  if (ctx.brand.id === 'tesla') return 2;
  return (ctx.brand.tech ?? 0) >= 0.5 ? level : Math.min(level, 2);
}

export function passiveSafety(ctx: ModelContext): Category {
  const frontSide = flag(ctx, '前排侧气囊', 0.6);
  const rearSide = flag(ctx, '后排侧气囊', 6, 'lux');
  const curtain = flag(ctx, '头部气囊', 1.2);
  const knee = flag(ctx, '膝部气囊', 4.5);
  const centre = flag(ctx, '前排中间气囊', 6.5, 'tech');
  const count =
    2 +
    (frontSide === '●' ? 2 : 0) +
    (rearSide === '●' ? 2 : 0) +
    (curtain === '●' ? 2 : 0) +
    (knee === '●' ? 1 : 0) +
    (centre === '●' ? 1 : 0);
  return {
    '主/副驾驶座安全气囊': '主●/副●',
    '前/后排侧气囊': pair('前', frontSide, '后', rearSide),
    '前/后排头部气囊(气帘)': pair('前', curtain, '后', curtain),
    膝部气囊: knee,
    前排中间气囊: centre,
    安全气囊数量: `${count}个`,
    被动行人保护: flag(ctx, '被动行人保护', 6),
    胎压监测功能: ctx.score < 1 ? '胎压报警' : '胎压显示',
    缺气保用轮胎: ctx.brand.id === 'bmw' ? '●' : NONE,
    安全带未系提醒: ctx.score < 2 ? '前排' : '全车',
    ISOFIX儿童座椅接口: '●',
  };
}

export function activeSafety(ctx: ModelContext): Category {
  const f = (name: string, t: number) => flag(ctx, name, t, 'tech');
  return {
    ABS防抱死: '●',
    '制动力分配(EBD/CBC等)': '●',
    '刹车辅助(EBA/BAS/BA等)': '●',
    '牵引力控制(ASR/TCS/TRC等)': '●',
    '车身稳定控制(ESC/ESP/DSC等)': '●',
    车道偏离预警系统: f('车道偏离预警系统', 2.2),
    车道保持辅助系统: f('车道保持辅助系统', 2.8),
    '主动刹车/主动安全系统': f('主动刹车', 1.8),
    前方碰撞预警: f('前方碰撞预警', 1.6),
    后方碰撞预警: f('后方碰撞预警', 4.5),
    倒车车侧预警系统: f('倒车车侧预警系统', 4),
    DOW开门预警: f('DOW开门预警', 3.6),
    疲劳驾驶提示: f('疲劳驾驶提示', 2.8),
    道路交通标识识别: f('道路交通标识识别', 3.2),
    内置行车记录仪: f('内置行车记录仪', 3.5),
    道路救援呼叫: flag(ctx, '道路救援呼叫', 2),
  };
}

export function drivingControls(ctx: ModelContext): Category {
  const air = has(ctx, 'air') ? flag(ctx, '空气悬架', 5.5, 'lux') : NONE;
  const cdc = leanScore(ctx, 'lux') >= 3.5 ? flag(ctx, '电磁感应悬架', 5.8, 'lux') : NONE;
  const modes = ['经济', '标准', '运动'];
  if (ctx.score >= 3) modes.push('雪地');
  if (leanScore(ctx, 'lux') >= 4) modes.push('舒适');
  if (has(ctx, 'offroad')) modes.push('越野');
  if (ctx.score >= 5) modes.push('个性化');
  const electricDrive = ctx.pt.motor !== undefined;
  return {
    驾驶模式切换: modes.join('/'),
    发动机启停技术:
      ctx.engine && !ctx.engine.generatorOnly
        ? ctx.pt.energy === '汽油'
          ? flag(ctx, '发动机启停技术', 1)
          : '●'
        : NONE,
    自动驻车: ctx.pt.gearbox === 'mt5' || ctx.series.level === '微型车' ? NONE : flag(ctx, '自动驻车', 1.2),
    上坡辅助: '●',
    陡坡缓降: ctx.series.body === 'SUV' ? flag(ctx, '陡坡缓降', 2) : flag(ctx, '陡坡缓降', 6),
    可变悬架功能: air === '●' ? '软硬+高低调节' : cdc === '●' ? '软硬调节' : NONE,
    空气悬架: air,
    电磁感应悬架: cdc,
    可变转向比: flag(ctx, '可变转向比', 4.5),
    后轮转向: has(ctx, 'rws') ? flag(ctx, '后轮转向', 7, 'lux') : NONE,
    能量回收系统: electricDrive ? '●' : NONE,
    单踏板模式: isBev(ctx.pt) || ctx.pt.energy === '增程式' ? '●' : NONE,
  };
}

export function drivingHardware(ctx: ModelContext): Category {
  const level = assistLevel(ctx);
  const fallback = ctx.brand.country === '中国' ? DOMESTIC_CHIPS : IMPORTED_CHIPS;
  const chip = level === 0 ? null : (CHIPS[ctx.brand.id] ?? fallback)[level - 1];
  const tesla = ctx.brand.id === 'tesla';
  const lidar = level === 3 && has(ctx, 'lidar') ? (ctx.score >= 9 ? 3 : 1) : 0;
  const view = ladder(
    ctx.score,
    [0.8, 3, 6.5],
    [NONE, '倒车影像', '360度全景影像', '360度全景影像/透明底盘'],
  );
  return {
    辅助驾驶芯片: chip ? chip[0] : NONE,
    芯片总算力: chip ? `${chip[1]}TOPS` : NONE,
    前方感知摄像头: level === 0 ? NONE : level === 1 ? '单目' : '三目',
    摄像头数量: `${tesla ? 8 : ([view === NONE ? 0 : 1, 5, 10, 11][level] ?? 0)}个`,
    车内摄像头数量: `${ladder(leanScore(ctx, 'tech'), [4, 7], [0, 1, 2])}个`,
    超声波雷达数量: `${tesla ? 0 : ladder(ctx.score, [0.8, 2.5, 4.5], [0, 4, 8, 12])}个`,
    毫米波雷达数量: `${tesla ? 0 : ([0, 1, 3, 5][level] ?? 0)}个`,
    激光雷达数量: `${lidar}个`,
    驾驶辅助影像: view,
    '前/后驻车雷达': pair('前', flag(ctx, '前驻车雷达', 2.5), '后', ctx.score >= 0.8 ? '●' : '-'),
  };
}

export function drivingFeatures(ctx: ModelContext): Category {
  const level = assistLevel(ctx);
  const nav = flag(ctx, '卫星导航系统', 0.8, 'tech');
  const huawei = ['aito', 'avatr', 'deepal'].includes(ctx.brand.id);
  return {
    巡航系统: level >= 1 ? '全速自适应巡航' : ctx.score >= 1 ? '定速巡航' : NONE,
    辅助驾驶等级: level >= 1 ? 'L2' : NONE,
    辅助驾驶系统: level >= 1 ? (ASSIST_NAMES[ctx.brand.id] ?? `${ctx.brand.name}智能驾驶辅助`) : NONE,
    卫星导航系统: nav,
    导航路况信息显示: nav,
    地图品牌: nav === '-' ? NONE : huawei ? '花瓣地图' : pick(['高德', '百度', '腾讯'], ctx.brand.id, 'map'),
    AR实景导航: flag(ctx, 'AR实景导航', 5, 'tech'),
    车道居中保持: level >= 1 ? '●' : NONE,
    辅助变道: ['-', '拨杆变道', '自主变道', '自主变道'][level] ?? NONE,
    自动泊车入位: flag(ctx, '自动泊车入位', 4.2, 'tech'),
    遥控泊车: flag(ctx, '遥控泊车', 6, 'tech'),
    记忆泊车: level === 3 ? '●' : flag(ctx, '记忆泊车', 7.5, 'tech'),
    '导航辅助驾驶(高速NOA)': level >= 2 ? '●' : NONE,
    '城市导航辅助驾驶(城市NOA)': level === 3 ? '●' : NONE,
    '代客泊车/跨层泊车': level === 3 && leanScore(ctx, 'tech') >= 9 ? '●' : NONE,
    电子围栏提醒: isPlugIn(ctx.pt) ? flag(ctx, '电子围栏', 3, 'tech') : NONE,
  };
}
