// Shapes of the hand-written source facts from which build-catalog.ts generates the sample catalog.

export type EnergyType = '汽油' | '汽油+48V轻混系统' | '油电混合' | '插电式混合动力' | '增程式' | '纯电动';

/** The types that qualify for the NEV purchase-tax relief and the vessel-tax exemption. */
export const NEW_ENERGY_TYPES: readonly EnergyType[] = ['插电式混合动力', '增程式', '纯电动'];

export type Level =
  | '微型车'
  | '小型车'
  | '紧凑型车'
  | '中型车'
  | '中大型车'
  | '大型车'
  | '小型SUV'
  | '紧凑型SUV'
  | '中型SUV'
  | '中大型SUV'
  | '大型SUV'
  | '中型MPV'
  | '中大型MPV'
  | '大型MPV'
  | '跑车';

export type BodyType = '三厢车' | '两厢车' | '掀背车' | '旅行车' | 'SUV' | 'MPV' | '跑车';

export interface BrandFact {
  id: string;
  name: string;
  country: string;
  /** Monogram background; logos are drawn at runtime, no trademark files are shipped. */
  color: string;
  /** Chinese EV makers ship more driver-assist and cockpit features per yuan. */
  tech?: number;
  /** Premium makers ship more comfort features per yuan. */
  lux?: number;
}

export interface EngineFact {
  code: string;
  ml: number;
  aspiration: '自然吸气' | '涡轮增压' | '双涡轮增压';
  cylinders: number;
  layout: 'L' | 'V' | 'H';
  kw: number;
  kwRpm: string;
  nm: number;
  nmRpm: string;
  fuel: '92号' | '95号' | '98号';
  injection: '直喷' | '混合喷射' | '多点电喷';
  /** Engine-only power when the engine is a range extender that never drives the wheels. */
  generatorOnly?: boolean;
}

export type GearboxKey =
  | 'single'
  | 'dht'
  | 'ecvt'
  | 'cvt'
  | 'dct7'
  | 'dct8'
  | 'at6'
  | 'at8'
  | 'at9'
  | 'at10'
  | 'pdk7'
  | 'pdk8'
  | 'mt5';

/** [front kW, front N·m, rear kW, rear N·m]; zeros where there is no motor on that axle. */
export type MotorTuple = readonly [number, number, number, number];

export interface PowertrainFact {
  energy: EnergyType;
  engine?: string;
  motor?: MotorTuple;
  /** kWh and chemistry. */
  battery?: readonly [number, '磷酸铁锂' | '三元锂' | '镍氢'];
  /** CLTC pure-electric range, km. */
  evRange?: number;
  gearbox: GearboxKey;
  /** Four-wheel drive of a combustion car: 'part' 分时, 'auto' 适时, 'full' 全时. */
  awd?: 'part' | 'auto' | 'full';
  /** Combustion car driving the rear wheels. */
  rwd?: boolean;
  /** WLTC L/100km for fuel, or CLTC kWh/100km for battery cars. */
  cons: number;
  accel?: number;
  top?: number;
  sysKw?: number;
  sysNm?: number;
  /** DC fast-charge peak in kW. */
  fastKw?: number;
  /** Extra kerb weight over the series base, kg. */
  extraKg?: number;
}

/** [model year, trim name, guide price in yuan, powertrain key, on sale override]. */
export type TrimFact = readonly [number, string, number, string, boolean?];

export type SeriesTag =
  | 'lidar'
  | 'air'
  | 'offroad'
  | 'slide'
  | 'frunk'
  | 'import'
  | 'sport'
  | 'fridge'
  | 'rws'
  | 'ccb'
  | 'hud'
  | 'body-on-frame';

export interface SeriesFact {
  id: string;
  brandId: string;
  name: string;
  fct: string;
  level: Level;
  body: BodyType;
  seats: number;
  /** Length, width, height, wheelbase in mm. */
  dims: readonly [number, number, number, number];
  kerb: number;
  launched: string;
  pts: Readonly<Record<string, PowertrainFact>>;
  trims: readonly TrimFact[];
  tags?: readonly SeriesTag[];
}
