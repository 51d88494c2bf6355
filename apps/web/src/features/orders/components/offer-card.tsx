import type { deals } from '@chepai/shared';
import { Button, Popconfirm, Tag } from 'antd';
import { Link } from 'react-router';
import { useAnswerOffer } from '../../../api/deal-queries';
import { DeadlineText } from '../../../components/deals/deal-progress';
import { yuanText } from '../../../components/lots/format';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

/** The offer's state as its addressee reads it (`statusText` is worded for the seller). */
const TO_BUYER = { pending: '待您确认', accepted: '已接受', declined: '已放弃', expired: '已过期' } as const;

/**
 * 次高价成交邀请: the winner defaulted and the seller offers the lot to this buyer at their own last
 * bid. Accepting is paying the lot's deposit again (at the cashier); the paid deposit opens a deal
 * with its own deadlines. Declining lets the seller choose again.
 */
export function OfferCard({ offer, now }: { offer: deals.SecondChanceOffer; now: number }) {
  const { message } = useFeedback();
  const answer = useAnswerOffer();
  const open = offer.status === 'pending' && now < offer.expiresAt;
  const reply = (accept: boolean) =>
    mutateThen(answer, { offerId: offer.offerId, accept }, ({ payUrl }) => {
      if (payUrl) window.location.assign(payUrl);
      else void message.success(accept ? '已接受，请在期限内签约付款' : '已放弃该车辆');
    });
  const hasDeposit = Number(offer.deposit) > 0;
  return (
    <div className="deal-offer" data-testid="offer-card">
      <div className="deal-offer-head">
        <Tag color={open ? 'orange' : 'default'}>{TO_BUYER[offer.status]}</Tag>
        <Link to={`/carAuction/carAuctionDetail/${offer.orderId}`}>{offer.title}</Link>
      </div>
      <p>
        原买受人未按期成交，处置单位邀请您以您的最后出价{' '}
        <strong className="money">{yuanText(offer.price)}</strong> 购买该车辆。
        {hasDeposit ? (
          <>
            接受须重新缴纳保证金 <strong className="money">{yuanText(offer.deposit)}</strong>
            ，缴纳后生成成交订单并抵作价款，按新的期限签约付款；逾期违约不予退还。
          </>
        ) : (
          '接受后按新的期限签约付款。'
        )}
      </p>
      {open && offer.paying && <p className="muted">保证金支付尚未完成，可继续支付。</p>}
      {open && <DeadlineText deadline={offer.expiresAt} now={now} />}
      {open && (
        <div className="deal-actions">
          <Button
            type="primary"
            loading={answer.isPending && answer.variables?.accept}
            onClick={() => reply(true)}
          >
            {!hasDeposit ? '接受并成交' : offer.paying ? '继续支付保证金' : '缴纳保证金并接受'}
          </Button>
          <Popconfirm
            title="放弃后不可恢复，确定放弃？"
            okText="确定放弃"
            cancelText="再想想"
            onConfirm={() => reply(false)}
          >
            <Button loading={answer.isPending && answer.variables?.accept === false}>放弃</Button>
          </Popconfirm>
        </div>
      )}
      {offer.status === 'accepted' && <Link to={`/buyerDetailInfo/${offer.orderId}`}>办理成交手续</Link>}
    </div>
  );
}

/** The pending offers, shown above the buyer's deals. */
export function OfferList({ offers, now }: { offers: deals.SecondChanceOffer[]; now: number }) {
  if (!offers.length) return null;
  return (
    <section className="deal-offers" aria-label="次高价成交邀请">
      <h2 className="deal-offers-title">次高价成交邀请</h2>
      {offers.map((o) => (
        <OfferCard key={o.offerId} offer={o} now={now} />
      ))}
    </section>
  );
}
