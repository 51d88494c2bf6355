import { CONFIG_CATEGORIES, type ConfigCategory } from '../../modules/catalog/catalog-schemas';
import { colours, measured, offRoad, optionPacks, specialFeatures } from './config-extras';
import { audioLighting, climate, connectivity, inCabinPower, screens, seats, steering } from './config-cabin';
import type { Category, ModelContext } from './config-context';
import { exteriorLights, exteriorSecurity, mirrors, roofGlass } from './config-exterior';
import {
  basicParams,
  batteryParams,
  bodyParams,
  chassisParams,
  engineParams,
  gearboxParams,
  motorParams,
  wheelParams,
} from './config-powertrain';
import {
  activeSafety,
  drivingControls,
  drivingFeatures,
  drivingHardware,
  passiveSafety,
} from './config-safety';

// Assembles one model's configInfo in the category order of CONFIG_CATEGORIES. A generator that
// returns null means the category does not apply (发动机 for a battery car, 电动机 and 电池/充电
// for a petrol car, 越野/四驱 for a two-wheel-drive road car) and the category is left out.

const GENERATORS: Record<ConfigCategory, (ctx: ModelContext) => Category | null> = {
  基本参数: basicParams,
  车身: bodyParams,
  发动机: engineParams,
  电动机: motorParams,
  '电池/充电': batteryParams,
  变速箱: gearboxParams,
  底盘转向: chassisParams,
  车轮制动: wheelParams,
  被动安全: passiveSafety,
  主动安全: activeSafety,
  驾控操作: drivingControls,
  驾驶硬件: drivingHardware,
  驾驶功能: drivingFeatures,
  '外观/防盗': exteriorSecurity,
  车外灯光: exteriorLights,
  '天窗/玻璃': roofGlass,
  外后视镜: mirrors,
  '屏幕/系统': screens,
  智能化配置: connectivity,
  '方向盘/内后视镜': steering,
  车内充电: inCabinPower,
  座椅配置: seats,
  '音响/车内灯光': audioLighting,
  '空调/冰箱': climate,
  颜色: colours,
  '越野/四驱': offRoad,
  特色配置: specialFeatures,
  选装包: optionPacks,
  实测: measured,
};

export function buildConfigInfo(ctx: ModelContext): Record<string, Category> {
  const info: Record<string, Category> = {};
  for (const category of CONFIG_CATEGORIES) {
    const params = GENERATORS[category](ctx);
    if (params) info[category] = params;
  }
  return info;
}
