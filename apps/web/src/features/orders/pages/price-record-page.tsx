import type { bidding, EndpointOutput } from '@chepai/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { Table } from '../../../components/plain/table';
import { useMyBids } from '../api/orders-api';
import '../orders.css';

type Row = EndpointOutput<typeof bidding.myBidRecord>['list'][number];

function stateTag(r: Row) {
  if (r.status === 5)
    return r.leading ? (
      <span className="tag tag-green">已成交</span>
    ) : (
      <span className="tag tag-plain">未成交</span>
    );
  if (r.status === 6 || r.status === 7) return <span className="tag tag-plain">未成交</span>;
  return r.leading ? <span className="tag tag-red">领先</span> : <span className="tag tag-plain">出局</span>;
}

/** 出价记录: every lot I bid on, my highest bid, the price now and where I stand. Plain elements, no antd. */
export default function PriceRecordPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyBids(page);
  return (
    <div className="center-body">
      <div className="center-title">出价记录</div>
      <Table<Row>
        rowKey={(r) => r.orderId}
        loading={isFetching}
        rows={data?.list ?? []}
        empty="暂无记录：您还没有出过价"
        page={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
        // On a phone: the car, my top bid and the state; the rest from tablet width up.
        columns={[
          {
            title: '车辆',
            key: 'title',
            render: (r) => <Link to={`/carAuction/carAuctionDetail/${r.orderId}`}>{r.title}</Link>,
          },
          {
            title: '我的最高出价',
            key: 'myTopAmount',
            className: 'nowrap',
            render: (r) => <strong className="money">{yuanText(r.myTopAmount)}</strong>,
          },
          {
            title: '当前价',
            key: 'currentPrice',
            className: 'nowrap',
            wide: true,
            render: (r) => (r.currentPrice ? yuanText(r.currentPrice) : '—'),
          },
          {
            title: '出价时间',
            key: 'lastBidTime',
            wide: true,
            render: (r) => beijing(r.lastBidTime, 'full'),
          },
          { title: '结束时间', key: 'endTime', wide: true, render: (r) => beijing(r.endTime) },
          { title: '状态', key: 'state', render: stateTag },
        ]}
      />
    </div>
  );
}
