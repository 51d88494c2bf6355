import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useMyDeposits } from '../api/deposit-api';
import { DEPOSIT_STATE_TEXT } from './deposit-states';

/** promiseMoneyReport without a lot: every deposit of the buyer and where its money is. */
export function MyDeposits() {
  const [pageNum, setPageNum] = useState(1);
  const { data, isLoading } = useMyDeposits(pageNum);
  return (
    <Table
      rowKey="orderId"
      loading={isLoading}
      dataSource={data?.list ?? []}
      locale={{
        emptyText: <Empty description="暂无保证金记录：在拍品详情页点击“交保证金报名”即可参与竞拍" />,
      }}
      pagination={{
        current: pageNum,
        pageSize: 10,
        total: data?.total ?? 0,
        onChange: setPageNum,
        showTotal: (t) => `共 ${t} 条`,
      }}
      columns={[
        {
          title: '拍品',
          dataIndex: 'title',
          render: (title: string, r) => <Link to={`/carAuction/carAuctionDetail/${r.orderId}`}>{title}</Link>,
        },
        { title: '竞买号', dataIndex: 'bidderNo', width: 100 },
        { title: '保证金', dataIndex: 'amount', width: 140, render: (v: string) => yuanText(v) },
        {
          title: '状态',
          dataIndex: 'state',
          width: 130,
          render: (s: keyof typeof DEPOSIT_STATE_TEXT) => (
            <Tag color={DEPOSIT_STATE_TEXT[s].color}>{DEPOSIT_STATE_TEXT[s].text}</Tag>
          ),
        },
        { title: '缴纳时间', dataIndex: 'frozenAt', width: 170, render: (v: number) => beijing(v) },
        {
          title: '结算时间',
          dataIndex: 'settledAt',
          width: 170,
          render: (v: number | null) => (v ? beijing(v) : '—'),
        },
      ]}
    />
  );
}
