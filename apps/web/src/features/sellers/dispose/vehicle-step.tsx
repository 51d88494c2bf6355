import { disposal, lots } from '@chepai/shared';
import { Switch } from '../../../components/plain/switch';
import { useBrands, useModelList, useSeriesList, fetchModelBriefs } from '../../../api/catalog-queries';
import { CONDITIONS } from './dispose-rules';
import { ChoiceItem, DateItem, Item, NumberItem, SelectItem, TextAreaItem, TextItem } from './dispose-fields';
import { fuelFromEnergy } from './form-model';
import type { DisposeForm } from './use-dispose-form';

const YES_NO = [
  { value: false, label: '否' },
  { value: true, label: '是' },
];
const BODY_OPTIONS = lots.BODY_TYPES.map((b) => ({ value: b, label: lots.BODY_TYPE_TEXT[b] }));
const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
const upper = (v: string) => v.toUpperCase().replace(/\s/g, '');

/** Step 1: the vehicle, from the catalog picker or typed, and what a buyer must know about it. */
export function VehicleStep({ form }: { form: DisposeForm }) {
  const { manual = false, brandId = null, seriesId = null } = form.values;
  const brands = useBrands();
  const series = useSeriesList(manual ? null : brandId);
  const models = useModelList(manual ? null : seriesId);

  const pickBrand = (id: string | undefined) => {
    const b = brands.data?.find((x) => x.id === id);
    form.set(
      {
        brandId: id,
        brandName: b?.name,
        seriesId: undefined,
        modelId: undefined,
        seriesName: '',
        modelName: '',
      },
      ['brandId'],
    );
  };
  const pickSeries = (id: string | undefined) => {
    const s = series.data?.find((x) => x.id === id);
    form.set({ seriesId: id, seriesName: s?.seriesName ?? '', modelId: undefined, modelName: '' }, [
      'seriesId',
    ]);
  };
  const pickModel = async (id: string | undefined) => {
    const m = models.data?.find((x) => x.id === id);
    form.set({ modelId: id, modelName: m?.name ?? '' }, ['modelId']);
    if (!id) return;
    // Prefill what the catalog knows; the seller can still change it.
    const [brief] = await fetchModelBriefs([id]).catch(() => []);
    if (!brief) return;
    const now = form.current();
    const fill = {
      ...(now.fuelType ? {} : { fuelType: fuelFromEnergy(brief.energyType) }),
      ...(now.displacement || !brief.displacementL
        ? {}
        : { displacement: `${brief.displacementL.toFixed(1)}L` }),
    };
    if (Object.keys(fill).length) form.set(fill);
  };

  return (
    <>
      <h2 className="dispose-h2">车型</h2>
      <div className="plain-field dispose-switch-row">
        <Switch
          checked={manual}
          label="目录中没有该车型，手动填写"
          onChange={(on) => form.set({ manual: on }, [])}
        />
        <span aria-hidden="true">目录中没有该车型，手动填写</span>
      </div>
      {manual ? (
        <div className="dispose-grid thirds">
          <TextItem
            form={form}
            name="brandName"
            label="品牌"
            required
            maxLength={20}
            placeholder="例如 大众"
          />
          <TextItem
            form={form}
            name="seriesName"
            label="车系"
            required
            maxLength={30}
            placeholder="例如 帕萨特"
          />
          <TextItem
            form={form}
            name="modelName"
            label="车型"
            required
            maxLength={60}
            placeholder="例如 2021款 330TSI 精英版"
          />
        </div>
      ) : (
        <div className="dispose-grid thirds">
          <SelectItem
            form={form}
            name="brandId"
            label="品牌"
            required
            placeholder={brands.isLoading ? '加载中…' : '选择品牌'}
            options={(brands.data ?? []).map((b) => ({ value: b.id, label: `${b.firstLetter} ${b.name}` }))}
            onPick={pickBrand}
          />
          <SelectItem
            form={form}
            name="seriesId"
            label="车系"
            required
            disabled={!brandId}
            placeholder={!brandId ? '请先选择品牌' : series.isLoading ? '加载中…' : '选择车系'}
            options={(series.data ?? []).map((s) => ({ value: s.id, label: s.seriesName }))}
            onPick={pickSeries}
          />
          <SelectItem
            form={form}
            name="modelId"
            label="车型"
            required
            disabled={!seriesId}
            placeholder={!seriesId ? '请先选择车系' : models.isLoading ? '加载中…' : '选择车型'}
            options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            onPick={(id) => void pickModel(id)}
          />
        </div>
      )}

      <h2 className="dispose-h2">车辆识别</h2>
      <div className="dispose-grid halves">
        <TextItem
          form={form}
          name="vin"
          label="车架号（VIN）"
          required
          normalize={upper}
          deferCheck
          hint="17位，见行驶证或前挡风玻璃左下角；第9位为校验位"
          maxLength={17}
          placeholder="17位车架号"
          autoComplete="off"
          data-testid="vin"
        />
        <TextItem
          form={form}
          name="plateNo"
          label="车牌号"
          required
          normalize={upper}
          maxLength={9}
          placeholder="例如 京A12345"
          autoComplete="off"
        />
      </div>
      <div className="dispose-grid thirds">
        <SelectItem form={form} name="bodyType" label="车身类型" required options={BODY_OPTIONS} />
        <TextItem
          form={form}
          name="color"
          label="车身颜色"
          required
          maxLength={10}
          placeholder="例如 珍珠白"
        />
        <DateItem form={form} name="firstRegDate" label="初次登记日期" required past />
      </div>

      <h2 className="dispose-h2">技术参数</h2>
      <div className="dispose-grid thirds">
        <NumberItem
          form={form}
          name="mileageKm"
          label="表显里程（公里）"
          required
          max={2_000_000}
          placeholder="例如 56000"
        />
        <SelectItem
          form={form}
          name="fuelType"
          label="燃料类型"
          required
          options={options(lots.FUEL_TYPES)}
        />
        <Item form={form} name="transmission" label="变速箱" required>
          {(aria) => (
            <>
              <input
                {...aria}
                className="plain-input"
                list={`${aria.id}-hints`}
                maxLength={20}
                placeholder="选择或填写，例如 7挡双离合"
                value={form.values.transmission ?? ''}
                onChange={(e) => form.set({ transmission: e.target.value })}
              />
              <datalist id={`${aria.id}-hints`}>
                {disposal.TRANSMISSION_HINTS.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
            </>
          )}
        </Item>
        <TextItem
          form={form}
          name="displacement"
          label="排量"
          required
          maxLength={10}
          placeholder="例如 2.0T，纯电动填“无”"
        />
        <SelectItem
          form={form}
          name="emissionStandard"
          label="排放标准"
          required
          options={options(disposal.EMISSION_STANDARDS)}
        />
        <ChoiceItem
          form={form}
          name="usageType"
          label="使用性质"
          required
          options={options(disposal.USAGE_TYPES)}
        />
        <NumberItem form={form} name="transferCount" label="过户次数" required max={30} />
        <NumberItem form={form} name="keyCount" label="钥匙数量" required max={5} />
        <DateItem form={form} name="inspectionExpiry" label="年检到期日" required />
        <DateItem form={form} name="insuranceExpiry" label="交强险到期日" required />
        <TextItem
          form={form}
          name="province"
          label="车辆所在省份"
          required
          maxLength={20}
          placeholder="例如 北京"
        />
        <TextItem
          form={form}
          name="city"
          label="车辆所在城市"
          required
          maxLength={20}
          placeholder="例如 北京"
        />
      </div>

      <h2 className="dispose-h2">车况与权属</h2>
      <p className="muted dispose-note">如实申报，隐瞒重大车况将承担违约责任；被查封的车辆不能提交拍卖。</p>
      <div className="dispose-grid conditions">
        {CONDITIONS.map(([name, label]) => (
          <ChoiceItem key={name} form={form} name={name} label={label} required options={YES_NO} />
        ))}
      </div>
      <div className="dispose-grid thirds">
        <NumberItem form={form} name="violationCount" label="未处理违章（条）" max={999} placeholder="0" />
        <TextItem
          form={form}
          name="violationFine"
          label="违章罚款（元）"
          placeholder="0"
          inputMode="decimal"
        />
      </div>
      <TextAreaItem
        form={form}
        name="conditionNotes"
        label="车况说明"
        rows={3}
        maxLength={500}
        placeholder="例如 右后门有轻微划痕，已做过保养"
      />
      <TextAreaItem
        form={form}
        name="description"
        label="车辆描述（展示给竞买人）"
        rows={4}
        maxLength={2000}
        placeholder="车辆来源、使用情况、配置亮点等"
      />
    </>
  );
}
