import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { useMyDeals } from '../api/deposit-api';
import { DEPOSIT_STATE_TEXT } from './deposit-states';
import '../bidding.css';

/** dealCar: the vehicles this buyer won, the deposit applied and the balance to pay within 72 h. */
export default function DealCarPage() {
  const [pageNum, setPageNum] = useState(1);
  const { data, isLoading } = useMyDeals(pageNum);
  return (
    <div className="center-body">
      <div className="center-title">我的成交车辆</div>
      <Table
        rowKey="orderId"
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无记录：您还没有竞得的车辆" /> }}
        pagination={{ current: pageNum, pageSize: 10, total: data?.total ?? 0, onChange: setPageNum, showTotal: (t) => `共 ${t} 辆` }}
        columns={[
          {
            title: '车辆',
            dataIndex: 'title',
            render: (title: string, r) => (
              <Link to={`/carAuction/carAuctionDetail/${r.orderId}`} className="deal-car">
                {r.coverUrl && <img src={r.coverUrl} alt="" />}
                <span>{title}</span>
              </Link>
            ),
          },
          { title: '成交价', dataIndex: 'finalPrice', width: 130, render: (v: string) => <strong className="deal-price">{yuanText(v)}</strong> },
          {
            title: '保证金',
            dataIndex: 'deposit',
            width: 170,
            render: (v: string, r) => (
              <>
                {yuanText(v)} <Tag color={DEPOSIT_STATE_TEXT[r.depositState].color}>{DEPOSIT_STATE_TEXT[r.depositState].text}</Tag>
              </>
            ),
          },
          { title: '待付余款', dataIndex: 'balanceDue', width: 130, render: (v: string) => yuanText(v) },
          { title: '成交时间', dataIndex: 'closedAt', width: 150, render: (v: number) => beijing(v) },
          { title: '付款截止', dataIndex: 'payDeadline', width: 150, render: (v: number) => beijing(v) },
        ]}
      />
    </div>
  );
}
