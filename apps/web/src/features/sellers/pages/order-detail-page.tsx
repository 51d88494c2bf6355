import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Descriptions, Input, Modal, Result, Skeleton, Tag, Timeline } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { useLotLive } from '../../../lib/use-lot-live';
import { BidRecordList } from '../../../components/lots/bid-record-list';
import { OrderDealStage } from '../components/order-card';
import { useCancelOrder, useSellerOrder } from '../api/order-api';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';

// Only sold lots have a deal to handle: its date and number pickers load with it, not with every order.
const DealSection = lazy(() => import('../components/deal-section'));

/** 订单详情 (seller): where a submission stands, its timeline, figures and result; withdrawal. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { message } = useFeedback();
  const { data: order, error, isLoading } = useSellerOrder(orderId);
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  useBreadcrumbTail(order ? [{ title: order.title }] : null);
  // While the lot takes registrations or bids, every bid and extension refreshes the figures and
  // the bid history at once (the 15 s refresh is only the fallback).
  const queryClient = useQueryClient();
  const running = order ? [2, 3, 4].includes(order.status) : false;
  const live = useLotLive(running ? orderId : null, () => {
    void queryClient.invalidateQueries({ queryKey: ['seller', 'orders', 'detail', orderId] });
    void queryClient.invalidateQueries({ queryKey: ['lot', orderId] });
  });
  // Once announced a withdrawal needs a reason (docs/product.md#14-disposal-and-review).
  const needsReason = order ? order.status === 0 || order.status === 2 : false;
  const withdraw = () =>
    cancel.mutate(
      { orderId, reason: reason.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          void message.success(needsReason ? '已撤拍，已缴保证金将原路退还' : '已撤回');
        },
      },
    );
  const publicLot = order && [0, 2, 3, 4, 5, 6].includes(order.status);
  return (
    <div className="container order-detail">
      <div className="panel order-detail-panel">
        {isLoading && <Skeleton active />}
        {error && (
          <Result
            status="404"
            title="订单不存在"
            subTitle={error.message}
            extra={<Link to="/personalCenter/auctionOrder">返回拍卖订单</Link>}
          />
        )}
        {order && (
          <>
            <h1 className="order-detail-title">
              <Tag color="var(--brand-strong)">{order.statusText}</Tag>
              <OrderDealStage order={order} />
              {order.title}
            </h1>
            <p className="muted">
              订单编号 {order.orderId} · {order.plateNo} · {order.vin}
            </p>
            {order.reviewReason && (
              <Alert
                type="warning"
                showIcon
                className="order-detail-alert"
                message={order.reviewKind === 'changes' ? '平台要求修改' : '审核未通过'}
                description={order.reviewReason}
              />
            )}
            {order.cancelReason && (
              <Alert
                type="info"
                showIcon
                className="order-detail-alert"
                message={`撤拍原因：${order.cancelReason}`}
              />
            )}
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                { key: 'start', label: '起拍价', children: yuanText(order.startPrice) },
                {
                  key: 'current',
                  label: order.status === 5 ? '成交价' : '当前价',
                  children: yuanText(order.currentPrice),
                },
                { key: 'bids', label: '出价次数', children: order.bidCount },
                { key: 'reg', label: '报名人数', children: order.registeredBidders },
                { key: 'views', label: '围观次数', children: order.views },
                {
                  key: 'preview',
                  label: '预告时间',
                  children: order.previewTime ? beijing(order.previewTime) : '待排期',
                },
                {
                  key: 'regStart',
                  label: '报名开始',
                  children: order.regStartTime ? beijing(order.regStartTime) : '待排期',
                },
                {
                  key: 'startTime',
                  label: '开拍时间',
                  children: order.startTime ? beijing(order.startTime) : '待排期',
                },
                {
                  key: 'endTime',
                  label: '结束时间',
                  children: order.endTime ? beijing(order.endTime) : '待排期',
                },
                ...(order.result
                  ? [
                      {
                        key: 'result',
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
                <Badge status={live === 'open' ? 'processing' : 'default'} />
                {live === 'open' ? '实时更新中：每次出价立即刷新' : '正在连接实时数据…'}
              </p>
            )}
            <h2 className="order-detail-h2">进度</h2>
            <Timeline
              items={order.timeline.map((e) => ({
                children: (
                  <>
                    <b>{e.label}</b> <span className="muted">{beijing(e.time)}</span>
                    {e.note && <div className="muted">{e.note}</div>}
                  </>
                ),
              }))}
            />
            {order.status === 5 && (
              <Suspense fallback={<Skeleton active />}>
                <DealSection orderId={order.orderId} />
              </Suspense>
            )}
            {[3, 4, 5, 6].includes(order.status) && (
              <BidRecordList orderId={order.orderId} status={order.status} bidCount={order.bidCount} />
            )}
            <div className="order-detail-actions">
              {publicLot && <Link to={`/carAuction/carAuctionDetail/${order.orderId}`}>查看拍品页面</Link>}
              <Link to="/personalCenter/auctionOrder">返回拍卖订单</Link>
              {order.canResubmit && (
                <Link
                  to={`/disposeCar?orderId=${order.orderId}`}
                  className="ant-btn ant-btn-primary"
                  data-testid="resubmit"
                >
                  修改后重新提交
                </Link>
              )}
              {order.canCancel && (
                <Button danger onClick={() => setAsking(true)}>
                  {needsReason ? '申请撤拍' : '撤回提交'}
                </Button>
              )}
            </div>
            <Modal
              open={asking}
              title={needsReason ? '申请撤拍' : '撤回提交'}
              okText={needsReason ? '确认撤拍' : '确认撤回'}
              okButtonProps={{
                danger: true,
                loading: cancel.isPending,
                disabled: needsReason && reason.trim().length < 2,
              }}
              onOk={withdraw}
              onCancel={() => setAsking(false)}
            >
              <p>
                {needsReason
                  ? '拍品已公告，撤拍须说明原因；已缴纳保证金的竞买人将全额退还。竞价开始后不能撤拍。'
                  : '撤回后订单不再审核，可重新提交。'}
              </p>
              <Input.TextArea
                rows={3}
                maxLength={200}
                placeholder={needsReason ? '撤拍原因（必填）' : '原因（选填）'}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Modal>
          </>
        )}
      </div>
    </div>
  );
}
