import type { bidding, EndpointOutput } from '@chepai/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { Table, type Column } from '../../../components/plain/table';
import { useMyDeposits } from '../api/deposit-api';
import { DepositStateTag } from '../../../components/deposit-state';

type Row = EndpointOutput<typeof bidding.myDeposits>['list'][number];

const COLUMNS: Array<Column<Row>> = [
  {
    title: '拍品',
    key: 'title',
    render: (r) => <Link to={`/carAuction/carAuctionDetail/${r.orderId}`}>{r.title}</Link>,
  },
  { title: '竞买号', key: 'bidderNo', render: (r) => r.bidderNo },
  { title: '保证金', key: 'amount', className: 'nowrap', render: (r) => yuanText(r.amount) },
  {
    title: '状态',
    key: 'state',
    render: (r) => <DepositStateTag state={r.state} />,
  },
  { title: '缴纳时间', key: 'frozenAt', wide: true, render: (r) => beijing(r.frozenAt) },
  {
    title: '结算时间',
    key: 'settledAt',
    wide: true,
    render: (r) => (r.settledAt ? beijing(r.settledAt) : '—'),
  },
];

/** promiseMoneyReport without a lot: every deposit of the buyer and where its money is. */
export function MyDeposits() {
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useMyDeposits(pageNum);
  return (
    <Table
      columns={COLUMNS}
      rows={data?.list ?? []}
      rowKey={(r) => r.orderId}
      loading={isFetching}
      empty="暂无保证金记录：在拍品详情页点击“交保证金报名”即可参与竞拍"
      page={{
        current: pageNum,
        pageSize: 10,
        total: data?.total ?? 0,
        onChange: setPageNum,
        totalText: (t) => `共 ${t} 条`,
      }}
    />
  );
}
