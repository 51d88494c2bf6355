import type { bidding, EndpointOutput } from '@chepai/shared';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useServerNow } from '../../../lib/server-clock';
import { useMyDeals } from '../api/orders-api';
import '../orders.css';

type Deal = EndpointOutput<typeof bidding.myDeals>['list'][number];

const DEPOSIT_TEXT = { pending: '待支付', frozen: '冻结中', applied: '已抵扣', refunded: '已退还', forfeited: '已扣除' } as const;

/** 我的成交车辆: won lots with the price, the deposit applied, what is left to pay and by when. */
export default function DealCarPage() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMyDeals(page);
  const now = useServerNow(30_000);
  return (
    <div className="center-body">
      <div className="center-title">我的成交车辆</div>
      <Table<Deal>
        rowKey="orderId"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无记录：您还没有竞得的车辆' }}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          {
            title: '车辆',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Link className="deal-car" to={`/carAuction/carAuctionDetail/${r.orderId}`}>
                {r.coverUrl && <img src={r.coverUrl} alt="" />}
                <span>{t}</span>
              </Link>
            ),
          },
          { title: '成交价', dataIndex: 'finalPrice', render: (v: string) => <strong className="money">{yuanText(v)}</strong> },
          { title: '成交时间', dataIndex: 'closedAt', render: (v: number) => beijing(v) },
          {
            title: '保证金抵扣',
            key: 'deposit',
            render: (_: unknown, r) => (
              <>
                {yuanText(r.deposit)} <Tag>{DEPOSIT_TEXT[r.depositState]}</Tag>
              </>
            ),
          },
          { title: '待付余款', dataIndex: 'balanceDue', render: (v: string) => yuanText(v) },
          { title: '付款截止', dataIndex: 'payDeadline', render: (v: number) => beijing(v) },
          {
            title: '状态',
            key: 'status',
            render: (_: unknown, r) =>
              r.depositState === 'forfeited' ? <Tag color="default">已违约</Tag> : r.depositState === 'applied' && r.balanceDue === '0.00' ? <Tag color="green">已付清</Tag> : now > r.payDeadline ? <Tag color="red">已逾期</Tag> : <Tag color="orange">待付款</Tag>,
          },
        ]}
      />
    </div>
  );
}
