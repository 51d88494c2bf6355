import { disposal, vinCheckDigit, type files } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import {
  depositHint,
  fromOrderInfo,
  fuelFromEnergy,
  missingAngles,
  moved,
  nextAngle,
  problemsOf,
  stepOfField,
  toSubmitInput,
  type DisposeValues,
} from './form-model';

const file = (id: string, isPrivate = false): files.UploadedFile => ({
  id,
  fileUrl: isPrivate ? '' : `/f/${id}`,
  fileName: `${id}.jpg`,
  thumbnailUrl: isPrivate ? null : `/t/${id}`,
  contentType: 'image/jpeg',
  size: 10,
  isPrivate,
});
const body = 'LSVAU2A3X00012345';
const VIN = body.slice(0, 8) + vinCheckDigit(body) + body.slice(9);

const complete = (): DisposeValues => ({
  manual: false,
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

describe('the disposeCar form model', () => {
  it('turns complete values into a submission the contract accepts', () => {
    const input = toSubmitInput(complete());
    const parsed = disposal.submitInput.parse(input);
    expect(parsed.documents.map((d) => d.name)).toEqual([
      '机动车登记证书',
      '机动车登记证书',
      '机动车行驶证',
      '交强险保单',
    ]);
    expect(parsed.photos).toHaveLength(8);
    expect(parsed.photoLabels?.[0]).toBe('左前45°');
    expect(parsed.deposit).toBeUndefined(); // left empty: the server's 10 %
    expect(parsed.reservePrice).toBeNull();
    expect(parsed.modelId).toBe('101');
    expect(problemsOf(complete())).toEqual([]);
    expect(toSubmitInput({ ...complete(), manual: true }).modelId).toBeUndefined();
  });

  it('lists what is missing with the step that fixes it', () => {
    const v = complete();
    v.photos = v.photos!.slice(0, 5);
    v.seized = true;
    v.docs = { ...v.docs, 交强险保单: { files: [file('14', true)] } };
    v.deposit = '50000';
    const problems = problemsOf(v);
    expect(problems.map((p) => p.step)).toEqual([...problems.map((p) => p.step)].sort());
    expect(problems).toEqual(
      expect.arrayContaining([
        { step: 0, message: '车辆处于查封状态，解除查封后才能提交拍卖' },
        { step: 1, message: '请填写交强险保单的有效期' },
        { step: 2, message: '请至少上传8张车辆照片' },
        { step: 3, message: '保证金须为起拍价的5%–20%' },
      ]),
    );
    expect(stepOfField('wishEndTime')).toBe(3);
    expect(stepOfField('vin')).toBe(0);
  });

  it('brings a returned order back into the form', () => {
    const info = {
      form: { ...toSubmitInput(complete()), violationFine: '0.00', deposit: '10000.00' },
      photos: [{ fileId: '20', url: '/p/20', label: '左前45°' }],
      documents: [
        { name: '机动车登记证书', fileId: '11', url: '/s/11', expiry: null },
        { name: '机动车行驶证', fileId: '13', url: '/s/13', expiry: '2027-05-31' },
      ],
    };
    const v = fromOrderInfo(info);
    expect(v.vin).toBe(VIN);
    expect(v.manual).toBe(false);
    expect(v.violationFine).toBe('');
    expect(v.deposit).toBe('10000.00');
    expect(v.accident).toBe(false);
    expect(v.wishWindow).toHaveLength(2);
    expect(v.docs?.['机动车行驶证']).toMatchObject({
      expiry: '2027-05-31',
      files: [{ id: '13', isPrivate: true }],
    });
    expect(v.photos?.[0]).toMatchObject({ label: '左前45°', file: { id: '20', fileUrl: '/p/20' } });
  });

  it('orders photos and names their angles', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(nextAngle(['左前45°'])).toBe('正侧');
    expect(nextAngle([...disposal.PHOTO_ANGLES])).toBe('细节');
    expect(missingAngles([{ label: '左前45°', file: file('1') }])).not.toContain('左前45°');
  });

  it('explains the deposit and maps catalog energy types', () => {
    expect(depositHint('68000')).toEqual({ default: 6800, min: 3400, max: 13600 });
    expect(depositHint('')).toBeNull();
    expect(fuelFromEnergy('插电式混合动力')).toBe('插电混动');
    expect(fuelFromEnergy('纯电动')).toBe('纯电动');
    expect(fuelFromEnergy('汽油')).toBe('汽油');
    expect(fuelFromEnergy('氢燃料')).toBeUndefined();
  });
});
