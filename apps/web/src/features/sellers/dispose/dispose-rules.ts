import { disposal, files, normalizeVin, VIN_MESSAGES, vinProblem } from '@chepai/shared';
import { beijingText } from '@chepai/shared/domain/beijing-time';
import { TERMS_FIELDS, VEHICLE_FIELDS, type DisposeValues } from './form-model';

/**
 * The rules of the 我要处置 form, field by field, as the page shows them while the seller types
 * (docs/product.md#14-disposal-and-review). The submit contract decides again on the server; these
 * say it earlier, in the step where it is fixed. A field is named by its key: the value's name, or
 * `doc:<document>:files` / `doc:<document>:expiry` for a document's slot.
 */

/** The yes/no declarations of the vehicle step, by field and label. */
export const CONDITIONS = [
  ['accident', '是否有重大事故'],
  ['flood', '是否泡水'],
  ['fire', '是否火烧'],
  ['odometerIssue', '里程表是否异常'],
  ['mortgaged', '是否处于抵押'],
  ['seized', '是否被查封'],
] as const;

export const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const FINE = /^\d{1,7}(\.\d{1,2})?$/;

export const docKey = (name: string, part: 'files' | 'expiry') => `doc:${name}:${part}`;

/** What else a rule needs: a VIN's answer from the server (null: free; undefined: not asked yet). */
export interface RuleContext {
  vinInUse: (vin: string) => string | null | undefined;
}

type Rule = (v: DisposeValues, ctx: RuleContext) => string | null;

/** 'YYYY-MM-DD' of today in Beijing, as the submit contract reads dates. */
export const beijingToday = () => beijingText(Date.now(), 'date');
const blank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && !x.trim());
const required =
  <K extends keyof DisposeValues>(key: K, message: string): Rule =>
  (v) =>
    blank(v[key]) ? message : null;
const yuan = (s: string | undefined) => (s !== undefined && MONEY.test(s.trim()) ? Number(s) : null);
/** A money field: empty passes (the required rule says it), a malformed amount does not. */
const money =
  (
    key: 'startPrice' | 'reservePrice' | 'increment' | 'deposit',
    label: string,
    also?: (value: number, start: number) => string | null,
  ): Rule =>
  (v) => {
    const raw = v[key];
    if (blank(raw)) return null;
    const value = yuan(raw);
    if (value === null) return `${label}请输入金额（元），最多两位小数`;
    const start = yuan(v.startPrice);
    return also && start !== null ? also(value, start) : null;
  };
const firstOf =
  (...rules: Rule[]): Rule =>
  (v, ctx) => {
    for (const r of rules) {
      const found = r(v, ctx);
      if (found) return found;
    }
    return null;
  };

const RULES: Record<string, Rule> = {
  brandName: required('brandName', '请填写品牌'),
  seriesName: required('seriesName', '请填写车系'),
  modelName: required('modelName', '请填写车型'),
  brandId: required('brandId', '请选择品牌'),
  seriesId: required('seriesId', '请选择车系'),
  modelId: required('modelId', '请选择车型'),
  vin: (v, ctx) => {
    const vin = normalizeVin(v.vin ?? '');
    if (!vin) return '请填写车架号（VIN）';
    const problem = vinProblem(vin);
    if (problem) return VIN_MESSAGES[problem];
    return ctx.vinInUse(vin) ?? null;
  },
  plateNo: firstOf(required('plateNo', '请填写车牌号'), (v) =>
    disposal.PLATE_PATTERN.test(v.plateNo ?? '') ? null : '车牌号格式不正确，例如 京A12345 或 沪AD12345',
  ),
  bodyType: required('bodyType', '请选择车身类型'),
  color: required('color', '请填写车身颜色'),
  firstRegDate: firstOf(required('firstRegDate', '请选择初次登记日期'), (v) =>
    (v.firstRegDate ?? '') > beijingToday() ? '初次登记日期不能晚于今天' : null,
  ),
  mileageKm: required('mileageKm', '请填写表显里程'),
  fuelType: required('fuelType', '请选择燃料类型'),
  transmission: required('transmission', '请填写变速箱'),
  displacement: required('displacement', '请填写排量，纯电动填“无”'),
  emissionStandard: required('emissionStandard', '请选择排放标准'),
  usageType: required('usageType', '请选择使用性质'),
  transferCount: required('transferCount', '请填写过户次数'),
  keyCount: required('keyCount', '请填写钥匙数量'),
  inspectionExpiry: required('inspectionExpiry', '请选择年检到期日'),
  insuranceExpiry: required('insuranceExpiry', '请选择交强险到期日'),
  province: required('province', '请填写所在省份'),
  city: required('city', '请填写所在城市'),
  ...Object.fromEntries(CONDITIONS.map(([key, label]) => [key, required(key, `请选择${label}`)])),
  seized: firstOf(required('seized', '请选择是否被查封'), (v) =>
    v.seized === true ? '车辆处于查封状态，解除查封后才能提交拍卖' : null,
  ),
  violationFine: (v) =>
    blank(v.violationFine) || FINE.test((v.violationFine ?? '').trim()) ? null : '请输入金额，最多两位小数',
  photos: (v) =>
    (v.photos?.length ?? 0) < disposal.MIN_PHOTOS ? `请至少上传${disposal.MIN_PHOTOS}张车辆照片` : null,
  startPrice: firstOf(required('startPrice', '请填写起拍价'), money('startPrice', '起拍价')),
  reservePrice: money('reservePrice', '保留价', (v, s) => (v < s ? '保留价不能低于起拍价' : null)),
  increment: firstOf(
    required('increment', '请填写加价幅度'),
    money('increment', '加价幅度', (v, s) =>
      v > s ? '加价幅度不能超过起拍价' : v <= 0 ? '加价幅度须大于0' : null,
    ),
  ),
  deposit: money('deposit', '保证金', (v, s) =>
    v * 100 < s * disposal.DEPOSIT_PERCENT.min || v * 100 > s * disposal.DEPOSIT_PERCENT.max
      ? `保证金须为起拍价的${disposal.DEPOSIT_PERCENT.min}%–${disposal.DEPOSIT_PERCENT.max}%`
      : null,
  ),
  wishWindow: (v) =>
    !v.wishWindow
      ? '请选择期望的竞价时段'
      : beijingText(v.wishWindow[0], 'date') < beijingToday()
        ? '期望开始时间不能早于今天'
        : v.wishWindow[1] <= v.wishWindow[0]
          ? '期望结束时间须晚于开始时间'
          : null,
  viewingAddress: required('viewingAddress', '请填写看车地点'),
  viewingTimes: required('viewingTimes', '请填写看车时间'),
  pickupAddress: required('pickupAddress', '请填写提车地址'),
  pickupContact: required('pickupContact', '请填写提车联系人'),
  pickupPhone: firstOf(required('pickupPhone', '请填写联系电话'), (v) =>
    disposal.CN_MOBILE_OR_LANDLINE.test((v.pickupPhone ?? '').trim()) ? null : '联系电话格式不正确',
  ),
  agreed: (v) => (v.agreed === true ? null : '请阅读并同意车辆委托拍卖须知'),
};

function docRule(key: string): Rule | undefined {
  const [, name, part] = key.split(':');
  const doc = disposal.DISPOSAL_DOCUMENTS.find((d) => d.name === name);
  if (!doc) return undefined;
  return (v) => {
    const slot = v.docs?.[doc.name];
    const count = slot?.files?.length ?? 0;
    if (part === 'files') return doc.required && count === 0 ? files.UPLOAD_MESSAGES.none : null;
    if (!doc.hasExpiry) return null;
    if (!slot?.expiry) return doc.required || count > 0 ? `请填写${doc.name}的有效期` : null;
    return slot.expiry < beijingToday() ? `${doc.name}已过有效期，请上传有效期内的证件` : null;
  };
}

/** The message a field shows for these values, or null. */
export function problemOf(key: string, v: DisposeValues, ctx: RuleContext): string | null {
  const rule = key.startsWith('doc:') ? docRule(key) : RULES[key];
  return rule ? rule(v, ctx) : null;
}

const CATALOG = ['brandId', 'seriesId', 'modelId'];
const TYPED = ['brandName', 'seriesName', 'modelName'];
/** The fields of a step that have a rule, the catalog's or the typed names left to `manual`. */
const ruled = (fields: readonly string[]) =>
  fields.filter((k) => RULES[k] && !CATALOG.includes(k) && !TYPED.includes(k));
const VEHICLE_KEYS = ruled(VEHICLE_FIELDS);
const TERMS_KEYS = ruled(TERMS_FIELDS);

/** The fields a step checks before the next one. */
export function keysOfStep(step: number, v: DisposeValues): string[] {
  switch (step) {
    case 0:
      return [
        ...(v.manual ? ['brandName', 'seriesName', 'modelName'] : ['brandId', 'seriesId', 'modelId']),
        ...VEHICLE_KEYS,
      ];
    case 1:
      return disposal.DISPOSAL_DOCUMENTS.flatMap((d) => [
        docKey(d.name, 'files'),
        ...(d.hasExpiry ? [docKey(d.name, 'expiry')] : []),
      ]);
    case 2:
      return ['photos'];
    case 3:
      return TERMS_KEYS;
    default:
      return ['agreed'];
  }
}
