import { fenToYuanString, type catalog } from '@chepai/shared';

// What the calculator needs to know about a model, read from its configInfo (categories:
// docs/product.md#11-compare-and-calculator).

/** 纯电动, 插电式混合动力 and 增程式 qualify for the NEV purchase-tax relief and vessel-tax exemption. */
export const NEW_ENERGY_TYPES = ['纯电动', '插电式混合动力', '增程式'] as const;

export interface VehicleFacts {
  energyType: string;
  isNewEnergy: boolean;
  /** Litres, from 发动机 › 气缸容积 (mL) or 排量 (L); null for a car without an engine. */
  displacementL: number | null;
  seats: number;
}

const param = (config: catalog.ConfigInfo, category: string, name: string) =>
  config[category]?.[name]?.trim() ?? '';

export function vehicleFacts(config: catalog.ConfigInfo): VehicleFacts {
  const energyType = param(config, '基本参数', '能源类型') || param(config, '发动机', '能源类型');
  const ml = /^(\d+(?:\.\d+)?)\s*mL$/i.exec(param(config, '发动机', '气缸容积'));
  const litres = /^(\d+(?:\.\d+)?)\s*L$/i.exec(param(config, '发动机', '排量'));
  const displacementL = ml ? Number(ml[1]) / 1000 : litres ? Number(litres[1]) : null;
  const seatsText = /^(\d+)/.exec(param(config, '车身', '座位数'));
  const seats = seatsText ? Number(seatsText[1]) : 5;
  return {
    energyType: energyType || '未知',
    isNewEnergy: (NEW_ENERGY_TYPES as readonly string[]).includes(energyType),
    displacementL: displacementL && displacementL > 0 ? displacementL : null,
    seats: seats > 0 ? seats : 5,
  };
}

/** 12800000 fen → '¥128,000.00'. */
export function formatFen(amount: number): string {
  const [int = '0', frac = '00'] = fenToYuanString(amount).replace('-', '').split('.');
  return `${amount < 0 ? '-' : ''}¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}
