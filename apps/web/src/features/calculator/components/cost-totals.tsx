import { amountInWords, fenToYuanString, type PurchaseCostResult } from '@chepai/shared';
import { formatFen } from '../utils/vehicle-facts';

function Figure({
  label,
  amount,
  testId,
  words,
  strong,
}: {
  label: string;
  amount: number;
  testId: string;
  words?: boolean;
  strong?: boolean;
}) {
  return (
    <div className={`total-figure${strong ? ' strong' : ''}`}>
      <span className="total-label">{label}</span>
      <span className="total-amount" data-testid={testId}>
        {formatFen(amount)}
      </span>
      {words ? (
        <span className="total-words" data-testid={`${testId}-words`}>
          {amountInWords(fenToYuanString(amount))}
        </span>
      ) : null}
    </div>
  );
}

export function FullPaymentTotals({ result }: { result: PurchaseCostResult }) {
  return (
    <div className="cost-totals">
      <Figure label="裸车价" amount={result.vehiclePrice} testId="full-price" />
      <Figure label="必要花费" amount={result.requiredTotal} testId="full-required" />
      <Figure label="商业保险" amount={result.insuranceTotal} testId="full-insurance" />
      <Figure label="全款购车总价" amount={result.fullPaymentTotal} testId="full-total" words strong />
    </div>
  );
}

export function LoanTotals({ result }: { result: PurchaseCostResult }) {
  const loan = result.loan;
  if (!loan) return null;
  return (
    <div className="cost-totals">
      <Figure label={`首付款（${loan.downPaymentPercent}%）`} amount={loan.downPayment} testId="loan-down" />
      <Figure label="贷款金额" amount={loan.loanPrincipal} testId="loan-principal" />
      <Figure
        label={`月供（${loan.months}期）`}
        amount={loan.monthlyPayment}
        testId="loan-monthly"
        words
        strong
      />
      <Figure label="总利息" amount={loan.totalInterest} testId="loan-interest" />
      <Figure label="首期付款合计" amount={loan.upfrontPayment} testId="loan-upfront" words />
      <Figure label="贷款购车总花费" amount={loan.totalCost} testId="loan-total" words strong />
      {loan.lastPayment !== loan.monthlyPayment ? (
        <p className="muted total-note">末期还款 {formatFen(loan.lastPayment)}（含各期分位取整差额）</p>
      ) : null}
    </div>
  );
}
