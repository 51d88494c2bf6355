import { disposal } from '@chepai/shared';
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
} from './form-model';
import { complete, file, VIN } from './test-values';

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
