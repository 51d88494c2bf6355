import { disposal, vinCheckDigit, type files } from '@chepai/shared';
import type { DisposeValues } from './form-model';

/** Values of the 我要处置 form for tests: `complete()` passes every rule and the submit contract. */
export const file = (id: string, isPrivate = false): files.UploadedFile => ({
  id,
  fileUrl: isPrivate ? '' : `/f/${id}`,
  fileName: `${id}.jpg`,
  thumbnailUrl: isPrivate ? null : `/t/${id}`,
  contentType: 'image/jpeg',
  size: 10,
  isPrivate,
});
const body = 'LSVAU2A3X00012345';
export const VIN = body.slice(0, 8) + vinCheckDigit(body) + body.slice(9);

export const complete = (): DisposeValues => ({
  manual: false,
  brandId: '1',
  seriesId: '11',
  modelId: '101',
  brandName: '大众',
  seriesName: '帕萨特',
  modelName: '2021款 330TSI',
  bodyType: 'sedan',
  vin: VIN,
  plateNo: '京A12345',
  firstRegDate: '2021-05-10',
  mileageKm: 56000,
  color: '黑色',
  fuelType: '汽油',
  transmission: '双离合',
  displacement: '2.0T',
  emissionStandard: '国VI',
  usageType: '非营运',
  transferCount: 0,
  inspectionExpiry: '2027-05-31',
  insuranceExpiry: '2027-05-09',
  keyCount: 2,
  accident: false,
  flood: false,
  fire: false,
  odometerIssue: false,
  mortgaged: false,
  seized: false,
  province: '北京',
  city: '北京',
  docs: {
    机动车登记证书: { files: [file('11', true), file('12', true)] },
    机动车行驶证: { files: [file('13', true)], expiry: '2027-05-31' },
    交强险保单: { files: [file('14', true)], expiry: '2027-05-09' },
  },
  photos: disposal.PHOTO_ANGLES.map((label, i) => ({ label, file: file(String(20 + i)) })),
  startPrice: '100000',
  increment: '500',
  wishWindow: [Date.now() + 86_400_000, Date.now() + 2 * 86_400_000],
  viewingAddress: '北京市朝阳区',
  viewingTimes: '工作日',
  pickupAddress: '北京市朝阳区',
  pickupContact: '张经理',
  pickupPhone: '13800001111',
});
