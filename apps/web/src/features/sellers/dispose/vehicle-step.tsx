import { disposal, lots, vinProblem, VIN_MESSAGES, normalizeVin } from '@chepai/shared';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { FormAutoComplete, FormSelect } from '../../../components/form-select';
import { RadioGroupField } from '../../../components/radio-group-field';
import type { FormInstance } from 'antd';
import { useBrands, useModelList, useSeriesList, fetchModelBriefs } from '../../../api/catalog-queries';
import { checkVin } from '../api/dispose-api';
import { DateText } from './date-text';
import { fuelFromEnergy, type DisposeValues } from './form-model';

const req = (message: string) => ({ required: true, message });
const half = { xs: 24, md: 12 };
const third = { xs: 24, sm: 12, lg: 8 };
const YES_NO = [
  { value: false, label: '否' },
  { value: true, label: '是' },
];
const BODY_OPTIONS = lots.BODY_TYPES.map((b) => ({ value: b, label: lots.BODY_TYPE_TEXT[b] }));
const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

/** Step 1: the vehicle, from the catalog picker or typed, and what a buyer must know about it. */
export function VehicleStep({ form, orderId }: { form: FormInstance<DisposeValues>; orderId?: string }) {
  const manual = Form.useWatch('manual', form) ?? false;
  const brandId = Form.useWatch('brandId', form) ?? null;
  const seriesId = Form.useWatch('seriesId', form) ?? null;
  const brands = useBrands();
  const series = useSeriesList(manual ? null : brandId);
  const models = useModelList(manual ? null : seriesId);

  const pickBrand = (id: string) => {
    const b = brands.data?.find((x) => x.id === id);
    form.setFieldsValue({
      brandName: b?.name,
      seriesId: undefined,
      modelId: undefined,
      seriesName: '',
      modelName: '',
    });
  };
  const pickSeries = (id: string) => {
    const s = series.data?.find((x) => x.id === id);
    form.setFieldsValue({ seriesName: s?.seriesName, modelId: undefined, modelName: '' });
  };
  const pickModel = async (id: string) => {
    const m = models.data?.find((x) => x.id === id);
    form.setFieldsValue({ modelName: m?.name ?? '' });
    // Prefill what the catalog knows; the seller can still change it.
    const [brief] = await fetchModelBriefs([id]).catch(() => []);
    if (!brief) return;
    const now = form.getFieldsValue(['fuelType', 'displacement']) as DisposeValues;
    form.setFieldsValue({
      ...(now.fuelType ? {} : { fuelType: fuelFromEnergy(brief.energyType) }),
      ...(now.displacement || !brief.displacementL
        ? {}
        : { displacement: `${brief.displacementL.toFixed(1)}L` }),
    });
  };

  const vinRule = {
    validator: async (_: unknown, raw: unknown) => {
      const vin = normalizeVin(typeof raw === 'string' ? raw : '');
      if (!vin) throw new Error('请填写车架号（VIN）');
      const problem = vinProblem(vin);
      if (problem) throw new Error(VIN_MESSAGES[problem]);
      const check = await checkVin(vin, orderId).catch(() => null);
      if (check?.inUse) throw new Error(check.message ?? '该车架号不能重复提交');
    },
  };

  return (
    <>
      <h2 className="dispose-h2">车型</h2>
      <Form.Item name="manual" valuePropName="checked" label="目录中没有该车型，手动填写">
        <Switch />
      </Form.Item>
      {manual ? (
        <Row gutter={16}>
          <Col {...third}>
            <Form.Item name="brandName" label="品牌" rules={[req('请填写品牌')]}>
              <Input maxLength={20} placeholder="例如 大众" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="seriesName" label="车系" rules={[req('请填写车系')]}>
              <Input maxLength={30} placeholder="例如 帕萨特" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="modelName" label="车型" rules={[req('请填写车型')]}>
              <Input maxLength={60} placeholder="例如 2021款 330TSI 精英版" />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Row gutter={16}>
          <Col {...third}>
            <Form.Item name="brandId" label="品牌" rules={[req('请选择品牌')]}>
              <FormSelect
                showSearch
                optionFilterProp="label"
                placeholder="选择品牌"
                loading={brands.isLoading}
                options={(brands.data ?? []).map((b) => ({
                  value: b.id,
                  label: `${b.firstLetter} ${b.name}`,
                }))}
                onChange={pickBrand}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="seriesId" label="车系" rules={[req('请选择车系')]}>
              <FormSelect
                showSearch
                optionFilterProp="label"
                placeholder={brandId ? '选择车系' : '请先选择品牌'}
                disabled={!brandId}
                loading={series.isLoading}
                options={(series.data ?? []).map((s) => ({ value: s.id, label: s.seriesName }))}
                onChange={pickSeries}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="modelId" label="车型" rules={[req('请选择车型')]}>
              <FormSelect
                showSearch
                optionFilterProp="label"
                placeholder={seriesId ? '选择车型' : '请先选择车系'}
                disabled={!seriesId}
                loading={models.isLoading}
                options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                onChange={(id: string) => void pickModel(id)}
              />
            </Form.Item>
          </Col>
          <Form.Item name="brandName" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="seriesName" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="modelName" hidden>
            <Input />
          </Form.Item>
        </Row>
      )}

      <h2 className="dispose-h2">车辆识别</h2>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="vin"
            label="车架号（VIN）"
            required
            validateDebounce={400}
            normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
            rules={[vinRule]}
            extra="17位，见行驶证或前挡风玻璃左下角；第9位为校验位"
          >
            <Input maxLength={17} placeholder="17位车架号" autoComplete="off" data-testid="vin" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="plateNo"
            label="车牌号"
            normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
            rules={[
              req('请填写车牌号'),
              { pattern: disposal.PLATE_PATTERN, message: '车牌号格式不正确，例如 京A12345 或 沪AD12345' },
            ]}
          >
            <Input maxLength={9} placeholder="例如 京A12345" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="bodyType" label="车身类型" rules={[req('请选择车身类型')]}>
            <FormSelect options={BODY_OPTIONS} placeholder="请选择" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="color" label="车身颜色" rules={[req('请填写车身颜色')]}>
            <Input maxLength={10} placeholder="例如 珍珠白" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="firstRegDate" label="初次登记日期" rules={[req('请选择初次登记日期')]}>
            <DateText past />
          </Form.Item>
        </Col>
      </Row>

      <h2 className="dispose-h2">技术参数</h2>
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item name="mileageKm" label="表显里程（公里）" rules={[req('请填写表显里程')]}>
            <InputNumber
              min={0}
              max={2_000_000}
              precision={0}
              className="full-width"
              placeholder="例如 56000"
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="fuelType" label="燃料类型" rules={[req('请选择燃料类型')]}>
            <FormSelect options={options(lots.FUEL_TYPES)} placeholder="请选择" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="transmission" label="变速箱" rules={[req('请填写变速箱')]}>
            <FormAutoComplete
              options={options(disposal.TRANSMISSION_HINTS)}
              placeholder="选择或填写，例如 7挡双离合"
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="displacement" label="排量" rules={[req('请填写排量，纯电动填“无”')]}>
            <Input maxLength={10} placeholder="例如 2.0T，纯电动填“无”" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="emissionStandard" label="排放标准" rules={[req('请选择排放标准')]}>
            <FormSelect options={options(disposal.EMISSION_STANDARDS)} placeholder="请选择" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="usageType" label="使用性质" rules={[req('请选择使用性质')]}>
            <RadioGroupField options={options(disposal.USAGE_TYPES)} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="transferCount" label="过户次数" rules={[req('请填写过户次数')]}>
            <InputNumber min={0} max={30} precision={0} className="full-width" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="keyCount" label="钥匙数量" rules={[req('请填写钥匙数量')]}>
            <InputNumber min={0} max={5} precision={0} className="full-width" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="inspectionExpiry" label="年检到期日" rules={[req('请选择年检到期日')]}>
            <DateText />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="insuranceExpiry" label="交强险到期日" rules={[req('请选择交强险到期日')]}>
            <DateText />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="province" label="车辆所在省份" rules={[req('请填写所在省份')]}>
            <Input maxLength={20} placeholder="例如 北京" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="city" label="车辆所在城市" rules={[req('请填写所在城市')]}>
            <Input maxLength={20} placeholder="例如 北京" />
          </Form.Item>
        </Col>
      </Row>

      <h2 className="dispose-h2">车况与权属</h2>
      <p className="muted dispose-note">如实申报，隐瞒重大车况将承担违约责任；被查封的车辆不能提交拍卖。</p>
      <Row gutter={16}>
        {(
          [
            ['accident', '是否有重大事故'],
            ['flood', '是否泡水'],
            ['fire', '是否火烧'],
            ['odometerIssue', '里程表是否异常'],
            ['mortgaged', '是否处于抵押'],
            ['seized', '是否被查封'],
          ] as const
        ).map(([name, label]) => (
          <Col key={name} xs={12} sm={8}>
            <Form.Item
              name={name}
              label={label}
              rules={[
                req(`请选择${label}`),
                ...(name === 'seized'
                  ? [
                      {
                        validator: async (_: unknown, v: unknown) => {
                          if (v === true) throw new Error('车辆处于查封状态，解除查封后才能提交拍卖');
                        },
                      },
                    ]
                  : []),
              ]}
            >
              <RadioGroupField options={YES_NO} optionType="button" />
            </Form.Item>
          </Col>
        ))}
        <Col {...third}>
          <Form.Item name="violationCount" label="未处理违章（条）">
            <InputNumber min={0} max={999} precision={0} className="full-width" placeholder="0" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="violationFine"
            label="违章罚款（元）"
            rules={[{ pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '请输入金额，最多两位小数' }]}
          >
            <Input placeholder="0" inputMode="decimal" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="conditionNotes" label="车况说明">
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="例如 右后门有轻微划痕，已做过保养" />
      </Form.Item>
      <Form.Item name="description" label="车辆描述（展示给竞买人）">
        <Input.TextArea rows={4} maxLength={2000} showCount placeholder="车辆来源、使用情况、配置亮点等" />
      </Form.Item>
    </>
  );
}
