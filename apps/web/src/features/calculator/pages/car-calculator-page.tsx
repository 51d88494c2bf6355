import {
  calculatePurchaseCost,
  DEFAULT_ANNUAL_RATE_PERCENT,
  DEFAULT_INSURANCE,
  DOWN_PAYMENT_PERCENTS,
  LOAN_YEARS,
  yuanStringToFen,
  type CostItemKey,
  type DownPaymentPercent,
  type Fen,
  type LoanYears,
  type PurchaseCostResult,
} from '@chepai/shared';
import { Alert, DatePicker, Empty, InputNumber, Radio, Skeleton, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useModelConfig } from '../../../api/catalog-queries';
import { formatGuidePrice } from '../../../components/car-picker/picker-groups';
import { CalculatorPicker } from '../components/calculator-picker';
import { CostItems, type InsuranceState } from '../components/cost-items';
import { FullPaymentTotals, LoanTotals } from '../components/cost-totals';
import { useCalculatorSelect } from '../hooks/use-calculator-select';
import { formatFen, vehicleFacts } from '../utils/vehicle-facts';
import '../calculator.css';

type Mode = 'full' | 'loan';

export default function CarCalculatorPage() {
  const select = useCalculatorSelect();
  const choice = select.state.activeSelectData;
  const config = useModelConfig(choice?.model.id ?? null);
  const facts = useMemo(() => (config.data ? vehicleFacts(config.data) : null), [config.data]);

  const [mode, setMode] = useState<Mode>('full');
  const [purchaseDate, setPurchaseDate] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [insurance, setInsurance] = useState<InsuranceState>({
    ...DEFAULT_INSURANCE,
    optional: [...DEFAULT_INSURANCE.optional],
  });
  const [downPaymentPercent, setDown] = useState<DownPaymentPercent>(30);
  const [years, setYears] = useState<LoanYears>(3);
  const [rate, setRate] = useState<number>(Number(DEFAULT_ANNUAL_RATE_PERCENT));
  const [overrides, setOverrides] = useState<Partial<Record<CostItemKey, Fen>>>({});

  // A new car starts from its own figures.
  const modelId = choice?.model.id;
  useEffect(() => setOverrides({}), [modelId]);

  const computed = useMemo((): { result: PurchaseCostResult } | { error: string } | null => {
    if (!choice || !facts) return null;
    try {
      const result = calculatePurchaseCost({
        guidePrice: yuanStringToFen(choice.model.seriesPrice),
        purchaseDate,
        isNewEnergy: facts.isNewEnergy,
        displacementL: facts.displacementL,
        seats: facts.seats,
        insurance,
        loan: { downPaymentPercent, years, annualRatePercent: rate.toFixed(2) },
        overrides,
      });
      return { result };
    } catch (error) {
      return { error: error instanceof Error ? error.message : '计算失败' };
    }
  }, [choice, facts, purchaseDate, insurance, downPaymentPercent, years, rate, overrides]);

  const setOverride = (key: CostItemKey, amount: Fen | null) =>
    setOverrides((o) => {
      const next = { ...o };
      if (amount === null) delete next[key];
      else next[key] = amount;
      return next;
    });

  const result = computed && 'result' in computed ? computed.result : null;
  return (
    <div className="container calculator-page">
      <div className="calc-layout">
        <aside className="calc-aside panel">
          <h1 className="panel-title">购车计算器</h1>
          <CalculatorPicker select={select} />
          {choice ? (
            <div className="calc-car" data-testid="calc-car">
              <img
                src={choice.series.seriesImg}
                alt={`${choice.series.seriesName}示意图`}
                width={240}
                height={120}
              />
              <div className="calc-car-name">
                {choice.brand.name} {choice.series.seriesName}
              </div>
              <div className="calc-car-model">{choice.model.name}</div>
              <div className="calc-car-price">厂商指导价 {formatGuidePrice(choice.model.seriesPrice)}</div>
              {facts ? (
                <div className="calc-car-facts">
                  <Tag color={facts.isNewEnergy ? 'green' : 'default'}>{facts.energyType}</Tag>
                  {facts.displacementL ? <Tag>排量 {facts.displacementL.toFixed(1)}L</Tag> : null}
                  <Tag>{facts.seats}座</Tag>
                </div>
              ) : null}
            </div>
          ) : (
            <Empty className="calc-empty" description="请选择车型后计算购车费用" />
          )}
          <div className="calc-date">
            <span>购车日期</span>
            <DatePicker
              allowClear={false}
              value={dayjs(purchaseDate)}
              onChange={(d) => d && setPurchaseDate(d.format('YYYY-MM-DD'))}
              aria-label="购车日期"
            />
          </div>
          {result?.purchaseTax.period ? (
            <Alert
              className="calc-note"
              type="success"
              showIcon
              message={`新能源汽车购置税${result.purchaseTax.period.label}`}
              description={`计税价格 ${formatFen(result.purchaseTax.taxBase)} × 10% = ${formatFen(
                result.purchaseTax.taxBeforeRelief,
              )}，减免 ${formatFen(result.purchaseTax.relief)}，实缴 ${formatFen(result.purchaseTax.tax)}`}
            />
          ) : null}
          {result?.vesselTax.exempt ? (
            <Alert className="calc-note" type="success" showIcon message="新能源汽车免征车船税" />
          ) : null}
          <p className="muted calc-disclaimer">
            计算结果仅供参考；保险与税费以保险公司及当地税务机关为准，各项均可手动修改。
          </p>
        </aside>
        <section className="calc-main panel">
          <Tabs
            activeKey={mode}
            onChange={(k) => setMode(k as Mode)}
            items={[
              { key: 'full', label: '全款购车' },
              { key: 'loan', label: '贷款购车' },
            ]}
          />
          {mode === 'loan' && (
            <div className="loan-terms">
              <div>
                <span className="loan-term-label">首付比例</span>
                <Radio.Group
                  value={downPaymentPercent}
                  onChange={(e) => setDown(e.target.value as DownPaymentPercent)}
                  optionType="button"
                  size="small"
                  options={DOWN_PAYMENT_PERCENTS.map((p) => ({ value: p, label: `${p}%` }))}
                />
              </div>
              <div>
                <span className="loan-term-label">贷款年限</span>
                <Radio.Group
                  value={years}
                  onChange={(e) => setYears(e.target.value as LoanYears)}
                  optionType="button"
                  size="small"
                  options={LOAN_YEARS.map((y) => ({ value: y, label: `${y}年` }))}
                />
              </div>
              <div>
                <span className="loan-term-label">年利率</span>
                <InputNumber
                  aria-label="年利率"
                  min={0}
                  max={36}
                  step={0.05}
                  precision={2}
                  addonAfter="%"
                  value={rate}
                  onChange={(v) => setRate(typeof v === 'number' ? v : 0)}
                />
              </div>
            </div>
          )}
          {!choice ? (
            <Empty description="请先在左侧选择车型" />
          ) : config.isLoading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : computed && 'error' in computed ? (
            <Alert type="error" showIcon message={computed.error} />
          ) : result ? (
            <div className="calc-result">
              <CostItems
                items={result.items}
                insurance={insurance}
                onInsurance={setInsurance}
                onOverride={setOverride}
              />
              {mode === 'full' ? <FullPaymentTotals result={result} /> : <LoanTotals result={result} />}
            </div>
          ) : (
            <Empty description="车型配置暂时无法获取，请稍后再试" />
          )}
        </section>
      </div>
    </div>
  );
}
