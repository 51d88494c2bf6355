import { useState } from 'react';
import { Link } from 'react-router';
import { useMyOffers } from '../../../api/deal-queries';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { yuanText } from '../../../components/lots/format';
import { Table } from '../../../components/plain/table';
import { useServerNow } from '../../../lib/server-clock';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { useMyDeals } from '../api/orders-api';

import { DateTime } from '../components/date-time';
import { DepositStateTag } from '../../../components/deposit-state';
import { DealCards, DealNextLink, DealStateTag, type Deal } from '../components/deal-cards';
import '../orders.css';

// The offers of a second chance (rare) answer through antd's dialogs: they load with their own scope.
const OfferList = lazyWithAntd(async () => ({
  default: (await import('../components/offer-card')).OfferList,
}));

/**
 * 我的成交车辆: won lots with the price, the deposit applied, what is left to pay and by when. Plain
 * elements, no antd, on a phone as cards.
 */
export default function DealCarPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyDeals(page);
  const now = useServerNow(30_000);
  // A phone has no room for six columns: one card per deal.
  const phone = !useMediaQuery(MD_UP);
  const offers = useMyOffers();
  const pending = (offers.data?.list ?? []).filter((o) => o.status === 'pending');
  return (
    <div className="center-body">
      <div className="center-title">我的成交车辆</div>
      <p className="muted deal-car-hint">
        竞得后 24 小时内签署成交确认书，72 小时内付清余款和服务费，付清后 7
        日内提车；每一步都在成交详情中办理。
      </p>
      {pending.length > 0 && <OfferList offers={pending} now={now} />}
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
          rowKey={(r) => r.orderId}
          loading={isFetching}
          rows={data?.list ?? []}
          empty="暂无记录：您还没有竞得的车辆"
          page={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
          columns={[
            {
              title: '车辆',
              key: 'title',
              render: (r) => (
                <Link className="deal-car" to={`/carAuction/carAuctionDetail/${r.orderId}`}>
                  {r.coverUrl && <img src={r.coverUrl} alt="" />}
                  <span>
                    <span className="deal-car-title">{r.title}</span>
                    <span className="deal-car-closed">
                      成交于 <DateTime ms={r.closedAt} />
                    </span>
                  </span>
                </Link>
              ),
            },
            {
              title: '成交价',
              key: 'finalPrice',
              className: 'nowrap',
              render: (r) => <strong className="money">{yuanText(r.finalPrice)}</strong>,
            },
            {
              title: '保证金抵扣',
              key: 'deposit',
              className: 'nowrap',
              // The tag under the amount: the vehicle's title keeps the room.
              render: (r) => (
                <div className="deal-cell-stack">
                  {yuanText(r.deposit)} <DepositStateTag state={r.depositState} />
                </div>
              ),
            },
            {
              title: '待付余款',
              key: 'balanceDue',
              className: 'nowrap',
              render: (r) => yuanText(r.balanceDue),
            },
            {
              title: '当前期限',
              key: 'stageDeadline',
              className: 'nowrap',
              render: (r) => (r.stageDeadline === null ? '—' : <DateTime ms={r.stageDeadline} />),
            },
            {
              title: '状态',
              key: 'status',
              className: 'nowrap',
              render: (r) => (
                <div className="deal-cell-stack">
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
