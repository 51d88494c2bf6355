import type { disposal } from '@chepai/shared';
import { Link } from 'react-router';
import { DealStageTag } from '../../../components/deals/deal-stage-tag';
import { beijing, yuanText } from '../../../components/lots/format';
import { Tag, type TagColor } from '../../../components/plain/tag';

const STATUS_COLOR: Record<number, TagColor> = {
  1: 'gold',
  8: 'red',
  0: 'blue',
  2: 'cyan',
  3: 'orange',
  4: 'orange',
  5: 'green',
  6: 'default',
  7: 'default',
};

/** A sold lot's deal stage beside its auction result: 已成交 then 待付款, 已完成 or 已违约. */
export const OrderDealStage = ({ order }: { order: disposal.OrderSummary }) =>
  order.dealStage && order.dealStageText ? (
    <DealStageTag stage={order.dealStage} text={order.dealStageText} />
  ) : null;

/** One order in the unit's list: what it is, where it stands and its figures. */
export function OrderCard({ order }: { order: disposal.OrderSummary }) {
  const started = order.status >= 3 && order.status <= 6;
  return (
    <li className="order-card">
      <Link to={`/detailInfo/${order.orderId}`} className="order-card-link">
        {order.coverUrl ? (
          <img src={order.coverUrl} alt="" className="order-cover" />
        ) : (
          <span className="order-cover" />
        )}
        <span className="order-main">
          <span className="order-title">
            <Tag color={STATUS_COLOR[order.status] ?? 'default'}>{order.statusText}</Tag>
            <OrderDealStage order={order} />
            {order.title}
          </span>
          <span className="order-ids">
            {order.plateNo} · {order.vin} · 提交于 {beijing(order.submittedAt)}
          </span>
          {order.reviewReason && <span className="order-reason">审核意见：{order.reviewReason}</span>}
          <span className="order-figures">
            <span>
              起拍价 <b>{yuanText(order.startPrice)}</b>
            </span>
            {started && (
              <span>
                {order.status === 5 ? '成交价' : '当前价'}{' '}
                <b className="money">{yuanText(order.currentPrice)}</b>
              </span>
            )}
            <span>出价 {order.bidCount} 次</span>
            <span>报名 {order.registeredBidders} 人</span>
            <span>围观 {order.views} 次</span>
            {order.endTime && <span>结束 {beijing(order.endTime)}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
