import { Grid, Table, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { yuanText } from '../../../components/lots/format';
import { useServerNow } from '../../../lib/server-clock';
import { useMyOffers } from '../../../api/deal-queries';
import { useMyDeals } from '../api/orders-api';

import { DateTime } from '../components/date-time';
import { DealCards, DealNextLink, DealStateTag, DEPOSIT_TEXT, type Deal } from '../components/deal-cards';
import '../orders.css';

const OfferList = lazy(() => import('../components/offer-card').then((m) => ({ default: m.OfferList })));

/** 我的成交车辆: won lots with the price, the deposit applied, what is left to pay and by when. */
export default function DealCarPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyDeals(page);
  const now = useServerNow(30_000);
  // A phone has no room for six columns: one card per deal.
  const phone = !Grid.useBreakpoint().md;
  const offers = useMyOffers();
  const pending = (offers.data?.list ?? []).filter((o) => o.status === 'pending');
  return (
    <div className="center-body">
      <div className="center-title">我的成交车辆</div>
      <p className="muted deal-car-hint">
        竞得后 24 小时内签署成交确认书，72 小时内付清余款和服务费，付清后 7
        日内提车；每一步都在成交详情中办理。
      </p>
      {pending.length > 0 && (
        <Suspense fallback={null}>
          <OfferList offers={pending} now={now} />
        </Suspense>
      )}
      {phone ? (
        <DealCards
          deals={data?.list ?? []}
          loading={isFetching}
          now={now}
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
              title: '当前期限',
              dataIndex: 'stageDeadline',
              className: 'nowrap',
              render: (v: number | null) => (v === null ? '—' : <DateTime ms={v} />),
            },
            {
              title: '状态',
              key: 'status',
              className: 'nowrap',
              render: (_: unknown, r) => (
                <div className="deal-state">
                  <DealStateTag deal={r} now={now} />
                  <DealNextLink deal={r} />
                </div>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
