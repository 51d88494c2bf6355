import type { deals } from '@chepai/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { type DealPayment, useBuyerDeal, useMyOffers, usePayDeal } from '../../../api/deal-queries';
import { usePaymentConfig } from '../../../api/payment-config-query';
import { DealAmounts, DealProgress, DeadlineText } from '../../../components/deals/deal-progress';
import { DealStageTag } from '../../../components/deals/deal-stage-tag';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { beijing, yuanText } from '../../../components/lots/format';
import { Descriptions } from '../../../components/plain/descriptions';
import { Notice } from '../../../components/plain/notice';
import { NotFound } from '../../../components/query-state';
import { Skeleton } from '../../../components/plain/skeleton';
import { SandboxPaymentNotice } from '../../../components/sandbox-payment-notice';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { useServerNow } from '../../../lib/server-clock';
import { ContractCard } from '../components/contract-card';
import { DateTime } from '../components/date-time';
import { DefaultCard } from '../components/default-card';
import { PickupCard } from '../components/pickup-card';
import '../orders.css';

// Shown only at some stages, and drawn with antd: kept out of the page's first load (decisions 033
// and 057).
const ReceiptsCard = lazyWithAntd(async () => ({
  default: (await import('../components/receipts-card')).ReceiptsCard,
}));
const OfferList = lazyWithAntd(
  async () => ({ default: (await import('../components/offer-card')).OfferList }),
  <Skeleton />,
);

/** What the buyer has to do now, in one sentence. */
const NEXT_STEP = {
  signing: '请阅读并在线签署成交确认书，签署后即可支付余款和服务费。',
  paying: '请在付款截止前付清成交余款和买方服务费，逾期视为悔拍，保证金不予退还。',
  pickup: '款项已付清。请安排提车，并在提车期限内到提车地点办理交接。',
  transfer: '车辆已交接，请在期限内办理过户（机动车转移登记）。',
  done: '交易已完成。',
  defaulted: '未在期限内完成签约或付款，已按悔拍处理，保证金不予退还。',
} as const;

/** Past the pickup deadline: storage accrues by the day, and must be paid before the handover. */
function pickupLateText(storage: deals.DealView['storage']) {
  const owed =
    Number(storage.outstanding) > 0
      ? `，尚有 ${yuanText(storage.outstanding)} 未付，付清后处置单位才能交车`
      : '';
  return `已超过提车期限，场地存放费按每天 ${yuanText(storage.perDay)} 累计${owed}。请尽快提车。`;
}

/** 成交订单详情 (buyer): the deal after the hammer — sign, pay, arrange pickup, follow the transfer. */
export default function BuyerDetailInfoPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  // Back from the cashier: the payment counts once its notice has landed (it is then a receipt).
  const awaiting = params.has('cancelled') ? null : params.get('paymentNo');
  const { data: deal, error, isLoading, confirming } = useBuyerDeal(orderId, awaiting);
  const now = useServerNow(1000);
  const offers = useMyOffers(awaiting ? orderId : null);
  const pay = usePayDeal(orderId);
  const payConfig = usePaymentConfig();
  useBreadcrumbTail(deal ? [{ title: deal.title }] : null);
  const open = deal?.stage === 'paying' && deal.deadline !== null && now < deal.deadline;
  const storageDue = deal !== undefined && deal.stage === 'pickup' && Number(deal.storage.outstanding) > 0;
  const pickupLate = deal?.stage === 'pickup' && deal.overdue;
  // While a payment just made is being confirmed, no pay button: the amounts are those of before it.
  const payButton = (what: DealPayment, show: boolean) =>
    show && !confirming ? (
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={pay.isPending}
        aria-busy={pay.isPending && pay.variables === what}
        onClick={() => pay.mutate(what)}
      >
        {{ balance: '支付余款', fee: '支付服务费', storage: '支付存放费' }[what]}
      </button>
    ) : null;
  // A second-chance offer on this lot is answered here even before the caller has a deal on it.
  const offersHere = (offers.data?.list ?? []).filter((o) => o.orderId === orderId && o.status === 'pending');

  return (
    <div className="container order-detail">
      <div className="panel order-detail-panel buyer-deal">
        {isLoading && <Skeleton rows={8} />}
        {confirming && !deal && (
          <Notice className="order-detail-alert" type="info" message="支付结果确认中，请稍候…" />
        )}
        {offersHere.length > 0 && !confirming && <OfferList offers={offersHere} now={now} />}
        {error && !offersHere.length && !confirming && (
          <NotFound
            title="成交订单不存在"
            message={error.message}
            back={{ to: '/personalCenter/dealCar', text: '返回我的成交车辆' }}
          />
        )}
        {deal && (
          <>
            <h1 className="order-detail-title">
              <DealStageTag stage={deal.stage} text={deal.stageText} />
              {deal.title}
            </h1>
            <p className="muted">
              订单编号 {deal.orderId} · 成交于 <DateTime ms={deal.closedAt} /> · 处置单位 {deal.seller.name}
            </p>
            <DealProgress deal={deal} />
            <Notice
              className="order-detail-alert"
              type={
                deal.stage === 'defaulted'
                  ? 'error'
                  : deal.stage === 'done'
                    ? 'success'
                    : pickupLate
                      ? 'warning'
                      : 'info'
              }
              message={pickupLate ? pickupLateText(deal.storage) : NEXT_STEP[deal.stage]}
              description={deal.deadline ? <DeadlineText deadline={deal.deadline} now={now} /> : undefined}
            />
            {confirming && (
              <Notice className="order-detail-alert" type="info" message="支付结果确认中，请稍候…" />
            )}
            <div className="buyer-deal-grid">
              <section className="deal-card-section">
                <h2>款项</h2>
                {(open || storageDue) && <SandboxPaymentNotice sandbox={payConfig.data?.sandbox} />}
                <DealAmounts
                  deal={deal}
                  extra={{
                    balance: payButton('balance', open && !deal.balancePaid),
                    fee: payButton('fee', open && !deal.feePaid),
                    storage: payButton('storage', storageDue),
                  }}
                />
              </section>
              <ContractCard deal={deal} />
            </div>
            <PickupCard deal={deal} now={now} />
            {deal.handover && (
              <section className="deal-card-section">
                <h2>{deal.transfer ? '交车与过户记录' : '交车记录'}</h2>
                <Descriptions
                  small
                  columns={2}
                  labelWidth={130}
                  items={[
                    { label: '交车时间', children: beijing(deal.handover.at) },
                    {
                      label: '交车时表显里程',
                      children: `${deal.handover.mileageKm.toLocaleString('zh-CN')} 公里`,
                    },
                    ...(deal.transfer
                      ? [
                          { label: '过户后号牌', children: deal.transfer.newPlateNo },
                          { label: '过户日期', children: deal.transfer.transferDate },
                        ]
                      : []),
                  ]}
                />
              </section>
            )}
            {deal.receipts.length > 0 && <ReceiptsCard deal={deal} />}
            <DefaultCard deal={deal} />
            <div className="order-detail-actions">
              <Link to={`/carAuction/carAuctionDetail/${deal.orderId}`}>查看拍品页面</Link>
              <Link to="/personalCenter/dealCar">返回我的成交车辆</Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
