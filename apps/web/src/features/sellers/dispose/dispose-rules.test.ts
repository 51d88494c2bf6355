import { disposal, files } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import { docKey, keysOfStep, problemOf, type RuleContext } from './dispose-rules';
import { problemsOf, type DisposeValues } from './form-model';
import { complete, file, VIN } from './test-values';

const free: RuleContext = { vinInUse: () => null };
/** Every message the form shows for these values, over all five steps. */
const shown = (v: DisposeValues, ctx = free) =>
  [0, 1, 2, 3, 4].flatMap((step) =>
    keysOfStep(step, v).flatMap((k) => {
      const m = problemOf(k, v, ctx);
      return m ? [[k, m] as const] : [];
    }),
  );

describe('the disposeCar rules, field by field', () => {
  it('pass complete values that the submit contract accepts as well', () => {
    const v = { ...complete(), agreed: true };
    expect(problemsOf(v)).toEqual([]);
    expect(shown(v)).toEqual([]);
  });

  it('asks for each required field of the vehicle step, catalog or typed', () => {
    const empty: DisposeValues = { manual: false };
    const keys = shown(empty).map(([k]) => k);
    expect(keys).toEqual(
      expect.arrayContaining(['brandId', 'seriesId', 'modelId', 'vin', 'plateNo', 'mileageKm']),
    );
    expect(keys).not.toContain('brandName');
    expect(problemOf('brandId', empty, free)).toBe('请选择品牌');
    const typed = shown({ manual: true }).map(([k]) => k);
    expect(typed).toEqual(expect.arrayContaining(['brandName', 'seriesName', 'modelName']));
    expect(typed).not.toContain('brandId');
    expect(problemOf('brandName', { manual: true, brandName: '  ' }, free)).toBe('请填写品牌');
    expect(problemOf('firstRegDate', { firstRegDate: '2999-01-01' }, free)).toBe('初次登记日期不能晚于今天');
    // 0 is a value: no transfers yet.
    expect(problemOf('transferCount', { transferCount: 0 }, free)).toBeNull();
    expect(problemOf('transferCount', {}, free)).toBe('请填写过户次数');
  });

  it('checks the VIN as typed, then with the server’s answer', () => {
    expect(problemOf('vin', {}, free)).toBe('请填写车架号（VIN）');
    const wrong = VIN.slice(0, 8) + (VIN[8] === '1' ? '2' : '1') + VIN.slice(9);
    expect(problemOf('vin', { vin: wrong }, free)).toContain('校验位');
    expect(problemOf('vin', { vin: VIN.toLowerCase() }, free)).toBeNull();
    const inUse: RuleContext = { vinInUse: (vin) => (vin === VIN ? '该车架号已有在审订单' : null) };
    expect(problemOf('vin', { vin: VIN }, inUse)).toBe('该车架号已有在审订单');
    // Not answered yet: nothing to say until it is.
    expect(problemOf('vin', { vin: VIN }, { vinInUse: () => undefined })).toBeNull();
  });

  it('refuses a seized vehicle and a malformed plate, fine or phone', () => {
    expect(problemOf('seized', { seized: true }, free)).toBe('车辆处于查封状态，解除查封后才能提交拍卖');
    expect(problemOf('seized', {}, free)).toBe('请选择是否被查封');
    expect(problemOf('accident', {}, free)).toBe('请选择是否有重大事故');
    expect(problemOf('plateNo', { plateNo: '京12' }, free)).toContain('车牌号格式不正确');
    expect(problemOf('violationFine', { violationFine: '12.345' }, free)).toBe('请输入金额，最多两位小数');
    expect(problemOf('violationFine', { violationFine: '' }, free)).toBeNull();
    expect(problemOf('pickupPhone', { pickupPhone: '12345' }, free)).toBe('联系电话格式不正确');
    expect(problemOf('pickupPhone', { pickupPhone: '0571-88001234' }, free)).toBeNull();
  });

  it('asks for the required documents, and an expiry once a document has files', () => {
    const v: DisposeValues = { docs: {} };
    expect(problemOf(docKey('机动车登记证书', 'files'), v, free)).toBe(files.UPLOAD_MESSAGES.none);
    expect(problemOf(docKey('机动车行驶证', 'expiry'), v, free)).toBe('请填写机动车行驶证的有效期');
    const optional = disposal.DISPOSAL_DOCUMENTS.find((d) => !d.required && d.hasExpiry);
    if (optional) {
      expect(problemOf(docKey(optional.name, 'expiry'), v, free)).toBeNull();
      const withFile = { docs: { [optional.name]: { files: [file('1', true)] } } };
      expect(problemOf(docKey(optional.name, 'expiry'), withFile, free)).toBe(
        `请填写${optional.name}的有效期`,
      );
    }
    expect(keysOfStep(1, v)).toContain(docKey('机动车登记证书', 'files'));
    const expired = { docs: { 交强险保单: { files: [file('2', true)], expiry: '2020-01-01' } } };
    expect(problemOf(docKey('交强险保单', 'expiry'), expired, free)).toBe(
      '交强险保单已过有效期，请上传有效期内的证件',
    );
  });

  it('counts the photos', () => {
    expect(problemOf('photos', { photos: [] }, free)).toBe(`请至少上传${disposal.MIN_PHOTOS}张车辆照片`);
    expect(problemOf('photos', complete(), free)).toBeNull();
  });

  it('holds the terms to the starting price: reserve, increment, deposit', () => {
    const v = (patch: Partial<DisposeValues>): DisposeValues => ({ startPrice: '68000', ...patch });
    expect(problemOf('startPrice', {}, free)).toBe('请填写起拍价');
    expect(problemOf('startPrice', { startPrice: '1.234' }, free)).toBe(
      '起拍价请输入金额（元），最多两位小数',
    );
    expect(problemOf('reservePrice', v({ reservePrice: '60000' }), free)).toBe('保留价不能低于起拍价');
    expect(problemOf('reservePrice', v({ reservePrice: '' }), free)).toBeNull();
    expect(problemOf('increment', v({ increment: '70000' }), free)).toBe('加价幅度不能超过起拍价');
    expect(problemOf('increment', v({ increment: '0' }), free)).toBe('加价幅度须大于0');
    expect(problemOf('deposit', v({ deposit: '20000' }), free)).toBe('保证金须为起拍价的5%–20%');
    expect(problemOf('deposit', v({ deposit: '6800' }), free)).toBeNull();
    expect(problemOf('deposit', v({ deposit: '' }), free)).toBeNull();
    expect(problemOf('wishWindow', {}, free)).toBe('请选择期望的竞价时段');
    const soon = Date.now() + 86_400_000;
    expect(problemOf('wishWindow', { wishWindow: [soon + 1, soon] }, free)).toBe(
      '期望结束时间须晚于开始时间',
    );
    expect(problemOf('wishWindow', { wishWindow: [Date.now() - 3 * 86_400_000, soon] }, free)).toBe(
      '期望开始时间不能早于今天',
    );
    expect(problemOf('wishWindow', { wishWindow: [soon, soon + 3_600_000] }, free)).toBeNull();
  });

  it('wants the terms agreed to before submitting', () => {
    expect(keysOfStep(4, {})).toEqual(['agreed']);
    expect(problemOf('agreed', {}, free)).toBe('请阅读并同意车辆委托拍卖须知');
    expect(problemOf('agreed', { agreed: true }, free)).toBeNull();
  });
});
