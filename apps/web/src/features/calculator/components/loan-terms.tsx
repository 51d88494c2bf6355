import { DOWN_PAYMENT_PERCENTS, LOAN_YEARS, type DownPaymentPercent, type LoanYears } from '@chepai/shared';
import { InputNumber, Radio } from 'antd';

/** 贷款购车: down payment, years and the annual rate; loaded when the loan tab is first opened. */
export default function LoanTerms(props: {
  downPaymentPercent: DownPaymentPercent;
  onDownPayment: (percent: DownPaymentPercent) => void;
  years: LoanYears;
  onYears: (years: LoanYears) => void;
  rate: number;
  onRate: (rate: number) => void;
}) {
  return (
    <div className="loan-terms">
      <div>
        <span className="loan-term-label">首付比例</span>
        <Radio.Group
          value={props.downPaymentPercent}
          onChange={(e) => props.onDownPayment(e.target.value as DownPaymentPercent)}
          optionType="button"
          size="small"
          options={DOWN_PAYMENT_PERCENTS.map((p) => ({ value: p, label: `${p}%` }))}
        />
      </div>
      <div>
        <span className="loan-term-label">贷款年限</span>
        <Radio.Group
          value={props.years}
          onChange={(e) => props.onYears(e.target.value as LoanYears)}
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
          value={props.rate}
          onChange={(v) => props.onRate(typeof v === 'number' ? v : 0)}
        />
      </div>
    </div>
  );
}
