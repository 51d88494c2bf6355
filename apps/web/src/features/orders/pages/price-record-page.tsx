import type { bidding, EndpointOutput } from '@chepai/shared';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useMyBids } from '../api/orders-api';
import '../orders.css';

type Row = EndpointOutput<typeof bidding.myBidRecord>['list'][number];

function stateTag(r: Row) {
  if (r.status === 5) return r.leading ? <Tag color="green">已成交</Tag> : <Tag>未成交</Tag>;
  if (r.status === 6 || r.status === 7) return <Tag>未成交</Tag>;
  return r.leading ? <Tag color="red">领先</Tag> : <Tag color="default">出局</Tag>;
}

/** 出价记录: every lot I bid on, my highest bid, the price now and where I stand. */
export default function PriceRecordPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyBids(page);
  return (
    <div className="center-body">
      <div className="center-title">出价记录</div>
      <Table<Row>
        rowKey="orderId"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无记录：您还没有出过价' }}
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
            render: (t: string, r) => <Link to={`/carAuction/carAuctionDetail/${r.orderId}`}>{t}</Link>,
          },
          {
            title: '我的最高出价',
            dataIndex: 'myTopAmount',
            render: (v: string) => <strong className="money">{yuanText(v)}</strong>,
          },
          // On a phone: the car, my top bid and the state; the rest from tablet width up.
          {
            title: '当前价',
            dataIndex: 'currentPrice',
            responsive: ['md'],
            render: (v: string | null) => (v ? yuanText(v) : '—'),
          },
          {
            title: '出价时间',
            dataIndex: 'lastBidTime',
            responsive: ['md'],
            render: (v: number) => beijing(v, 'full'),
          },
          { title: '结束时间', dataIndex: 'endTime', responsive: ['md'], render: (v: number) => beijing(v) },
          { title: '状态', key: 'state', render: (_: unknown, r) => stateTag(r) },
        ]}
      />
    </div>
  );
}
