import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { Descriptions } from '../../../components/plain/descriptions';
import { Notice } from '../../../components/plain/notice';
import { Spinner } from '../../../components/plain/spinner';
import { Steps } from '../../../components/plain/steps';
import { QueryState } from '../../../components/query-state';
import { beijing, yuanText } from '../../../components/lots/format';
import { useLotDetail } from '../../../api/lot-detail-query';
import { usePaymentConfig } from '../../../api/payment-config-query';
import { SandboxPaymentNotice } from '../../../components/sandbox-payment-notice';
import { useDepositInfo, usePayDeposit } from '../api/deposit-api';
import { MyDeposits } from './my-deposits';
import '../bidding.css';
import { mutateThen } from '../../../lib/mutate-then';

const OPEN = new Set([2, 3, 4]);

function DepositForLot({ orderId }: { orderId: string }) {
  const [params] = useSearchParams();
  const returned = params.has('paymentNo') && !params.has('cancelled');
  const lot = useLotDetail(orderId);
  const deposit = useDepositInfo(orderId, returned);
  const pay = usePayDeposit();
  const payConfig = usePaymentConfig();
  const [agreed, setAgreed] = useState(false);
  useBreadcrumbTail(lot.data ? [{ title: lot.data.title }] : null);
  const l = lot.data;
  const d = deposit.data;
  const step = d?.registered ? 2 : returned || d?.state === 'pending' ? 1 : 0;
  return (
    <QueryState isLoading={lot.isLoading || deposit.isLoading} error={lot.error ?? deposit.error}>
      {l && d && (
        <div className="deposit-page panel">
          <SandboxPaymentNotice sandbox={payConfig.data?.sandbox} />
          <div className="deposit-steps">
            <Steps current={step} items={['阅读竞买须知', '缴纳保证金', '报名成功']} />
          </div>
          <Descriptions
            columns={2}
            labelWidth={110}
            className="deposit-lot"
            items={[
              {
                label: '拍品',
                wide: true,
                children: <Link to={`/carAuction/carAuctionDetail/${l.orderId}`}>{l.title}</Link>,
              },
              { label: '保证金', children: <strong className="deposit-amount">{yuanText(d.amount)}</strong> },
              { label: '起拍价', children: yuanText(l.startPrice) },
              { label: '加价幅度', children: yuanText(l.increment) },
              { label: '保留价', children: l.hasReserve ? '有保留价' : '无保留价' },
              { label: '开拍时间', children: beijing(l.startTime) },
              { label: '结束时间', children: beijing(l.endTime) },
            ]}
          />
          {d.registered ? (
            <div className="plain-result" role="status">
              <p className="plain-result-code plain-result-success" aria-hidden="true">
                ✓
              </p>
              <h2 className="plain-result-title">报名成功</h2>
              <p className="muted">
                您的竞买号：<strong data-testid="bidder-no">{d.bidderNo}</strong>，保证金 {yuanText(d.amount)}{' '}
                已冻结，未成交将于结拍后全额退还。
              </p>
              <Link className="btn btn-primary btn-large" to={`/carAuction/carAuctionDetail/${l.orderId}`}>
                去出价
              </Link>
            </div>
          ) : returned ? (
            <div className="plain-result" role="status">
              <Spinner />
              <h2 className="plain-result-title">正在确认支付结果…</h2>
              <p className="muted">支付公司的通知到达后自动完成报名，请稍候</p>
            </div>
          ) : !OPEN.has(l.status) || l.endTime <= Date.now() ? (
            <Notice
              type="warning"
              message={l.status === 0 ? '报名尚未开始，请在报名期内缴纳保证金' : '该拍品已不在报名期'}
            />
          ) : (
            <div className="deposit-agreement">
              {params.has('cancelled') && (
                <Notice type="info" message="您已取消支付，可重新发起" className="deposit-alert" />
              )}
              <h2>竞买须知</h2>
              <ol>
                <li>缴纳保证金后方可出价；首次出价不低于起拍价，之后每次按加价幅度的整数倍加价。</li>
                <li>
                  结束前 {l.extendWindowMinutes} 分钟内有人出价，结束时间顺延至出价后 {l.extendStepMinutes}{' '}
                  分钟（延时竞价）。
                </li>
                <li>可设置代理出价上限，系统以最小必要金额自动代您出价；出价相同者以先出价者为准。</li>
                <li>
                  未竞得者的保证金于结拍后全额退还；竞得者的保证金抵作成交价款，竞得后 72
                  小时内未付清余款的，保证金不予退还。
                </li>
              </ol>
              <label className="plain-check">
                <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
                <span>我已阅读并同意《竞买协议》及以上竞价规则</span>
              </label>
              <div className="deposit-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-large"
                  disabled={!agreed || pay.isPending}
                  aria-busy={pay.isPending}
                  onClick={() => mutateThen(pay, orderId, ({ payUrl }) => window.location.assign(payUrl))}
                >
                  去支付 {yuanText(d.amount)}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** Without a lot: the buyer's deposits, named so in the 当前位置 trail too. */
function AllDeposits() {
  useBreadcrumbTail([{ title: '我的保证金' }]);
  return (
    <div className="panel">
      <h1 className="deposit-title">我的保证金</h1>
      <MyDeposits />
    </div>
  );
}

/** promiseMoneyReport/{id?}: the deposit payment flow for one lot, or the buyer's deposits. */
export default function PromiseMoneyReportPage() {
  const { id } = useParams();
  return (
    <div className="container deposit-container">{id ? <DepositForLot orderId={id} /> : <AllDeposits />}</div>
  );
}
