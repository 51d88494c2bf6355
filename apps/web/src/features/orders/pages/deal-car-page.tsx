import { Alert, Button, Grid, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePaymentConfig } from '../../../api/payment-config-query';
import { yuanText } from '../../../components/lots/format';
import { SandboxPaymentNotice } from '../../../components/sandbox-payment-notice';
import { useServerNow } from '../../../lib/server-clock';
import { useMyDeals, usePayBalance } from '../api/orders-api';
import { DateTime, DealCards, DealStateTag, DEPOSIT_TEXT, type Deal } from '../components/deal-cards';
import '../orders.css';

/** 我的成交车辆: won lots with the price, the deposit applied, what is left to pay and by when. */
export default function DealCarPage() {
  const [page, setPage] = useState(1);
  const [params] = useSearchParams();
  // The cashier returns here with ?paymentNo=…; until its notification lands the deal still shows unpaid.
  const paying = params.has('paymentNo') && !params.has('cancelled') ? params.get('orderId') : null;
  const { data, isFetching } = useMyDeals(page, paying);
  const confirming =
    paying !== null && data?.list.some((d) => d.orderId === paying && d.dealState === 'awaiting_payment');
  const now = useServerNow(30_000);
  const pay = usePayBalance();
  const payConfig = usePaymentConfig();
  // A phone has no room for six columns: one card per deal.
  const phone = !Grid.useBreakpoint().md;
  const payNow = (orderId: string) =>
    pay.mutate(orderId, { onSuccess: ({ payUrl }) => window.location.assign(payUrl) });
  return (
    <div className="center-body">
      <div className="center-title">我的成交车辆</div>
      <SandboxPaymentNotice sandbox={payConfig.data?.sandbox} />
      {confirming && (
        <Alert type="info" showIcon className="deal-confirming" message="支付结果确认中，请稍候…" />
      )}
      {phone ? (
        <DealCards
          deals={data?.list ?? []}
          loading={isFetching}
          now={now}
          paying={pay.isPending ? (pay.variables ?? null) : null}
          onPay={payNow}
          page={page}
          total={data?.total ?? 0}
          onPage={setPage}
        />
      ) : (
        <Table<Deal>
          rowKey="orderId"
          loading={isFetching}
          dataSource={data?.list ?? []}
          locale={{ emptyText: '暂无记录：您还没有竞得的车辆' }}
          pagination={{
            current: page,
            pageSize: 10,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: '车辆',
              dataIndex: 'title',
              render: (t: string, r) => (
                <Link className="deal-car" to={`/carAuction/carAuctionDetail/${r.orderId}`}>
                  {r.coverUrl && <img src={r.coverUrl} alt="" />}
                  <span>
                    <span className="deal-car-title">{t}</span>
                    <span className="deal-car-closed">
                      成交于 <DateTime ms={r.closedAt} />
                    </span>
                  </span>
                </Link>
              ),
            },
            {
              title: '成交价',
              dataIndex: 'finalPrice',
              className: 'nowrap',
              render: (v: string) => <strong className="money">{yuanText(v)}</strong>,
            },
            {
              title: '保证金抵扣',
              key: 'deposit',
              className: 'nowrap',
              render: (_: unknown, r) => (
                <>
                  {yuanText(r.deposit)} <Tag>{DEPOSIT_TEXT[r.depositState]}</Tag>
                </>
              ),
            },
            {
              title: '待付余款',
              dataIndex: 'balanceDue',
              className: 'nowrap',
              render: (v: string) => yuanText(v),
            },
            {
              title: '付款截止',
              dataIndex: 'payDeadline',
              className: 'nowrap',
              render: (v: number) => <DateTime ms={v} />,
            },
            {
              title: '状态',
              key: 'status',
              className: 'nowrap',
              render: (_: unknown, r) => (
                <div className="deal-state">
                  <DealStateTag deal={r} now={now} />
                  {r.dealState === 'awaiting_payment' && now < r.payDeadline && (
                    <Button
                      type="primary"
                      size="small"
                      loading={pay.isPending && pay.variables === r.orderId}
                      onClick={() => payNow(r.orderId)}
                    >
                      支付余款
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
