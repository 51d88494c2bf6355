import { BID_RECORD_PAGE_SIZE } from '@chepai/shared';
import type { BidRecord } from '@chepai/shared/contracts/lots';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { yuanText } from './format';
import { useBidRecords } from '../../api/bid-records-query';

/** Every accepted bid, newest first, 50 a page; bidder numbers masked by the server. */
export function BidRecordList({
  orderId,
  status,
  bidCount,
}: {
  orderId: string;
  status: number;
  bidCount: number;
}) {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useBidRecords(orderId, page, status !== 0 && status !== 2);
  const finished = status === 5 || status === 6;
  return (
    <section className="panel lot-section" id="bids">
      <h2 className="panel-title">
        出价记录 <span className="muted">共 {data?.total ?? bidCount} 次</span>
      </h2>
      <Table<BidRecord>
        rowKey="seq"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: status === 0 || status === 2 ? '竞价尚未开始' : '暂无出价记录' }}
        pagination={
          (data?.total ?? 0) > BID_RECORD_PAGE_SIZE
            ? {
                current: page,
                pageSize: BID_RECORD_PAGE_SIZE,
                total: data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        columns={[
          { title: '序号', dataIndex: 'seq', width: 80 },
          {
            title: '状态',
            dataIndex: 'leading',
            width: 100,
            render: (leading: boolean) =>
              leading ? (
                <Tag color={finished ? (status === 5 ? 'green' : 'default') : 'red'}>
                  {finished ? (status === 5 ? '成交' : '最高价') : '领先'}
                </Tag>
              ) : (
                <Tag>出局</Tag>
              ),
          },
          { title: '竞买号', dataIndex: 'bidderNo' },
          {
            title: '出价金额',
            dataIndex: 'amount',
            render: (v: string) => <strong className="bid-amount">{yuanText(v)}</strong>,
          },
          { title: '出价时间', dataIndex: 'bidTime' },
        ]}
      />
    </section>
  );
}
