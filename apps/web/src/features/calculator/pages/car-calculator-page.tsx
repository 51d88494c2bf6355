import {
  calculatePurchaseCost,
  DEFAULT_ANNUAL_RATE_PERCENT,
  DEFAULT_INSURANCE,
  yuanStringToFen,
  type CostItemKey,
  type DownPaymentPercent,
  type Fen,
  type LoanYears,
  type PurchaseCostResult,
} from '@chepai/shared';
import { useEffect, useMemo, useState } from 'react';
import { useModelConfig } from '../../../api/catalog-queries';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { formatGuidePrice } from '../../../components/car-picker/picker-groups';
import { Empty } from '../../../components/plain/empty';
import { Notice } from '../../../components/plain/notice';
import { Skeleton } from '../../../components/plain/skeleton';
import { Tabs } from '../../../components/plain/tabs';
import { CalculatorPicker } from '../components/calculator-picker';
import type { InsuranceState } from '../components/cost-items';
import { FullPaymentTotals, LoanTotals } from '../components/cost-totals';
import { useCalculatorSelect } from '../hooks/use-calculator-select';
import { formatFen, vehicleFacts } from '../utils/vehicle-facts';
import '../calculator.css';

type Mode = 'full' | 'loan';

// The page itself loads no antd (docs/decisions/034-every-public-page-under-its-ceiling.md): the
// editable cost table and the loan terms (antd's InputNumber, Select, Radio, Tooltip) load once a
// car is chosen or the loan tab is opened.
const CostItems = lazyWithAntd(
  async () => ({ default: (await import('../components/cost-items')).CostItems }),
  <Skeleton rows={10} />,
);
const LoanTerms = lazyWithAntd(
  () => import('../components/loan-terms'),
  <div className="loan-terms" aria-busy="true" />,
);
const MODES: Array<{ key: Mode; label: string }> = [
  { key: 'full', label: '全款购车' },
  { key: 'loan', label: '贷款购车' },
];

/** Today in Beijing, `YYYY-MM-DD`. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 10);

export default function CarCalculatorPage() {
  const select = useCalculatorSelect();
  const choice = select.state.activeSelectData;
  const config = useModelConfig(choice?.model.id ?? null);
  const facts = useMemo(() => (config.data ? vehicleFacts(config.data) : null), [config.data]);

  const [mode, setMode] = useState<Mode>('full');
  const [purchaseDate, setPurchaseDate] = useState(today);
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
                  <span className={`tag ${facts.isNewEnergy ? 'tag-green' : 'tag-plain'}`}>
                    {facts.energyType}
                  </span>
                  {facts.displacementL ? (
                    <span className="tag tag-plain">排量 {facts.displacementL.toFixed(1)}L</span>
                  ) : null}
                  <span className="tag tag-plain">{facts.seats}座</span>
                </div>
              ) : null}
            </div>
          ) : (
            <div className="calc-empty">
              <Empty description="请选择车型后计算购车费用" />
            </div>
          )}
          <label className="calc-date">
            <span>购车日期</span>
            <input
              type="date"
              required
              value={purchaseDate}
              onChange={(e) => e.target.value && setPurchaseDate(e.target.value)}
            />
          </label>
          {result?.purchaseTax.period ? (
            <Notice
              className="calc-note"
              type="success"
              message={`新能源汽车购置税${result.purchaseTax.period.label}`}
              description={`计税价格 ${formatFen(result.purchaseTax.taxBase)} × 10% = ${formatFen(
                result.purchaseTax.taxBeforeRelief,
              )}，减免 ${formatFen(result.purchaseTax.relief)}，实缴 ${formatFen(result.purchaseTax.tax)}`}
            />
          ) : null}
          {result?.vesselTax.exempt ? (
            <Notice className="calc-note" type="success" message="新能源汽车免征车船税" />
          ) : null}
          <p className="muted calc-disclaimer">
            计算结果仅供参考；保险与税费以保险公司及当地税务机关为准，各项均可手动修改。
          </p>
        </aside>
        <section className="calc-main panel">
          <Tabs label="购车方式" className="calc-tabs" items={MODES} active={mode} onChange={setMode}>
            {mode === 'loan' && (
              <LoanTerms
                downPaymentPercent={downPaymentPercent}
                onDownPayment={setDown}
                years={years}
                onYears={setYears}
                rate={rate}
                onRate={setRate}
              />
            )}
            {!choice ? (
              <Empty description="请先选择车型，即可查看各项费用" />
            ) : config.isLoading ? (
              <Skeleton rows={10} />
            ) : computed && 'error' in computed ? (
              <Notice type="error" message={computed.error} />
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
          </Tabs>
        </section>
      </div>
    </div>
  );
}
