import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { StatusBadge } from '../../../components/lots/status-badge';
import { useMyBids } from '../api/deposit-api';

/** priceRecord: every lot this buyer bid on, with their top bid and where they stand. */
export default function PriceRecordPage() {
  const [pageNum, setPageNum] = useState(1);
  const { data, isLoading } = useMyBids(pageNum);
  return (
    <div className="center-body">
      <div className="center-title">出价记录</div>
      <Table
        rowKey="orderId"
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无记录：您还没有出过价" /> }}
        pagination={{ current: pageNum, pageSize: 10, total: data?.total ?? 0, onChange: setPageNum, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '拍品', dataIndex: 'title', render: (title: string, r) => <Link to={`/carAuction/carAuctionDetail/${r.orderId}`}>{title}</Link> },
          { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <StatusBadge status={s} /> },
          { title: '我的最高出价', dataIndex: 'myTopAmount', width: 140, render: (v: string) => yuanText(v) },
          { title: '当前价', dataIndex: 'currentPrice', width: 130, render: (v: string | null) => (v ? yuanText(v) : '—') },
          {
            title: '我的状态',
            dataIndex: 'leading',
            width: 100,
            render: (leading: boolean, r) =>
              r.status === 5 ? (leading ? <Tag color="success">已竞得</Tag> : <Tag>未竞得</Tag>) : r.status === 6 ? <Tag>流拍</Tag> : leading ? <Tag color="success">领先</Tag> : <Tag color="error">已出局</Tag>,
          },
          { title: '最后出价时间', dataIndex: 'lastBidTime', width: 160, render: (v: number) => beijing(v) },
        ]}
      />
    </div>
  );
}
