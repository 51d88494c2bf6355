import type { MotorTuple, PowertrainFact } from './types';

// Short constructors so that series.ts reads like a spec sheet, one powertrain per line.

type Extra = Partial<PowertrainFact>;
type Chem = '磷酸铁锂' | '三元锂';

/** Front motor only. */
export const frontMotor = (kw: number, nm: number): MotorTuple => [kw, nm, 0, 0];
/** Rear motor only. */
export const rearMotor = (kw: number, nm: number): MotorTuple => [0, 0, kw, nm];
/** Front and rear motors. */
export const dualMotors = (fkw: number, fnm: number, rkw: number, rnm: number): MotorTuple => [
  fkw,
  fnm,
  rkw,
  rnm,
];

export const LFP: Chem = '磷酸铁锂';
export const NCM: Chem = '三元锂';

export const ice = (
  engine: string,
  gearbox: PowertrainFact['gearbox'],
  cons: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '汽油',
  engine,
  gearbox,
  cons,
  ...x,
});

/** 48V mild hybrid: still a petrol car for tax purposes. */
export const mhev = (
  engine: string,
  gearbox: PowertrainFact['gearbox'],
  cons: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '汽油+48V轻混系统',
  engine,
  gearbox,
  cons,
  ...x,
});

/** Full hybrid (not plug-in): no NEV status in China. */
export const hev = (
  engine: string,
  motor: MotorTuple,
  sysKw: number,
  cons: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '油电混合',
  engine,
  motor,
  battery: [1.6, '三元锂'],
  gearbox: 'ecvt',
  sysKw,
  cons,
  ...x,
});

export const phev = (
  engine: string,
  motor: MotorTuple,
  kwh: number,
  chem: Chem,
  evRange: number,
  cons: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '插电式混合动力',
  engine,
  motor,
  battery: [kwh, chem],
  evRange,
  gearbox: 'dht',
  cons,
  ...x,
});

export const erev = (
  engine: string,
  motor: MotorTuple,
  kwh: number,
  chem: Chem,
  evRange: number,
  cons: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '增程式',
  engine,
  motor,
  battery: [kwh, chem],
  evRange,
  gearbox: 'single',
  cons,
  ...x,
});

/** Battery car; consumption defaults to battery ÷ range plus 12 % for losses, close to CLTC figures. */
export const bev = (
  motor: MotorTuple,
  kwh: number,
  chem: Chem,
  range: number,
  x: Extra = {},
): PowertrainFact => ({
  energy: '纯电动',
  motor,
  battery: [kwh, chem],
  evRange: range,
  gearbox: 'single',
  cons: Math.round((kwh * 1120) / range) / 10,
  ...x,
});
