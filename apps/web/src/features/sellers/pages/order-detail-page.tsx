import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { beijing, yuanText } from '../../../components/lots/format';
import { Descriptions } from '../../../components/plain/descriptions';
import { Notice } from '../../../components/plain/notice';
import { NotFound } from '../../../components/query-state';
import { Skeleton } from '../../../components/plain/skeleton';
import { Timeline } from '../../../components/plain/timeline';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';
import { useLotLive } from '../../../lib/use-lot-live';
import { BidRecordList } from '../../../components/lots/bid-record-list';
import { OrderDealStage } from '../components/order-card';
import { sellerOrderKey, useSellerOrder } from '../api/order-api';
import '../sellers.css';

// Only sold lots have a deal to handle: its date and number pickers (antd) load with it, not with
// every order; the withdrawal dialog loads as the pointer or the focus reaches its button (057).
const DealSection = lazyWithAntd(() => import('../components/deal-section'), <Skeleton />);
const loadWithdraw = () => import('../components/withdraw-dialog');
const WithdrawDialog = lazyWithAntd(async () => ({ default: (await loadWithdraw()).WithdrawDialog }));

/** 订单详情 (seller): where a submission stands, its timeline, figures and result; withdrawal. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { data: order, error, isLoading } = useSellerOrder(orderId);
  const withdrawal = useLazyDialog(loadWithdraw);
  useBreadcrumbTail(order ? [{ title: order.title }] : null);
  // While the lot takes registrations or bids, every bid and extension refreshes the figures and
  // the bid history at once (the 15 s refresh is only the fallback).
  const queryClient = useQueryClient();
  const running = order ? [2, 3, 4].includes(order.status) : false;
  const live = useLotLive(running ? orderId : null, () => {
    void queryClient.invalidateQueries({ queryKey: sellerOrderKey(orderId) });
    void queryClient.invalidateQueries({ queryKey: ['lot', orderId] });
  });
  // Once announced a withdrawal needs a reason (docs/product.md#14-disposal-and-review).
  const needsReason = order ? order.status === 0 || order.status === 2 : false;
  const publicLot = order && [0, 2, 3, 4, 5, 6].includes(order.status);
  return (
    <div className="container order-detail">
      <div className="panel order-detail-panel">
        {isLoading && <Skeleton rows={8} />}
        {error && (
          <NotFound
            title="订单不存在"
            message={error.message}
            back={{ to: '/personalCenter/auctionOrder', text: '返回拍卖订单' }}
          />
        )}
        {order && (
          <>
            <h1 className="order-detail-title">
              <span className="tag tag-brand">{order.statusText}</span>
              <OrderDealStage order={order} />
              {order.title}
            </h1>
            <p className="muted">
              订单编号 {order.orderId} · {order.plateNo} · {order.vin}
            </p>
            {order.reviewReason && (
              <Notice
                type="warning"
                className="order-detail-alert"
                message={order.reviewKind === 'changes' ? '平台要求修改' : '审核未通过'}
                description={order.reviewReason}
              />
            )}
            {order.cancelReason && (
              <Notice
                type="info"
                className="order-detail-alert"
                message={`撤拍原因：${order.cancelReason}`}
              />
            )}
            <Descriptions
              small
              columns={2}
              labelWidth={110}
              items={[
                { label: '起拍价', children: yuanText(order.startPrice) },
                {
                  label: order.status === 5 ? '成交价' : '当前价',
                  children: yuanText(order.currentPrice),
                },
                { label: '出价次数', children: order.bidCount },
                { label: '报名人数', children: order.registeredBidders },
                { label: '围观次数', children: order.views },
                {
                  label: '预告时间',
                  children: order.previewTime ? beijing(order.previewTime) : '待排期',
                },
                {
                  label: '报名开始',
                  children: order.regStartTime ? beijing(order.regStartTime) : '待排期',
                },
                {
                  label: '开拍时间',
                  children: order.startTime ? beijing(order.startTime) : '待排期',
                },
                {
                  label: '结束时间',
                  children: order.endTime ? beijing(order.endTime) : '待排期',
                },
                ...(order.result
                  ? [
                      {
                        label: '竞价结果',
                        children: order.result.sold
                          ? `已成交 ${yuanText(order.result.price ?? '0.00')}（竞买号 ${order.result.bidderNo ?? '—'}）`
                          : '流拍',
                      },
                    ]
                  : []),
              ]}
            />
            {running && (
              <p className="order-detail-live" data-testid="live-state">
                <span className={live === 'open' ? 'live-dot on' : 'live-dot'} aria-hidden="true" />
                {live === 'open' ? '实时更新中：每次出价立即刷新' : '正在连接实时数据…'}
              </p>
            )}
            <h2 className="order-detail-h2">进度</h2>
            <Timeline
              items={order.timeline.map((e, i) => ({
                key: `${i}`,
                children: (
                  <>
                    <b>{e.label}</b> <span className="muted">{beijing(e.time)}</span>
                    {e.note && <div className="muted">{e.note}</div>}
                  </>
                ),
              }))}
            />
            {order.status === 5 && <DealSection orderId={order.orderId} />}
            {[3, 4, 5, 6].includes(order.status) && (
              <BidRecordList orderId={order.orderId} status={order.status} bidCount={order.bidCount} />
            )}
            <div className="order-detail-actions">
              {publicLot && <Link to={`/carAuction/carAuctionDetail/${order.orderId}`}>查看拍品页面</Link>}
              <Link to="/personalCenter/auctionOrder">返回拍卖订单</Link>
              {order.canResubmit && (
                <Link
                  to={`/disposeCar?orderId=${order.orderId}`}
                  className="btn btn-primary"
                  data-testid="resubmit"
                >
                  修改后重新提交
                </Link>
              )}
              {order.canCancel && (
                <button type="button" className="btn btn-danger" {...withdrawal.trigger}>
                  {needsReason ? '申请撤拍' : '撤回提交'}
                </button>
              )}
            </div>
            {withdrawal.mounted && (
              <WithdrawDialog
                orderId={order.orderId}
                needsReason={needsReason}
                open={withdrawal.open}
                onClose={withdrawal.close}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
