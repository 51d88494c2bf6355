import { BID_RECORD_PAGE_SIZE } from '@chepai/shared';
import type { BidRecord } from '@chepai/shared/contracts/lots';
import { useState } from 'react';
import { yuanText } from './format';
import { useBidRecords } from '../../api/bid-records-query';
import { Table } from '../plain/table';
import { Tag } from '../plain/tag';

/**
 * Every accepted bid, newest first, 50 a page; bidder numbers masked by the server. The plain table
 * (docs/decisions/057): the lot page and the seller's order load no antd for it.
 */
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
        rowKey={(r) => String(r.seq)}
        small
        loading={isFetching}
        rows={data?.list ?? []}
        empty={status === 0 || status === 2 ? '竞价尚未开始' : '暂无出价记录'}
        page={{
          current: page,
          pageSize: BID_RECORD_PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: '序号', key: 'seq', render: (r) => r.seq, wide: true },
          {
            title: '状态',
            key: 'state',
            render: (r) =>
              r.leading ? (
                <Tag color={finished ? (status === 5 ? 'green' : 'default') : 'red'}>
                  {finished ? (status === 5 ? '成交' : '最高价') : '领先'}
                </Tag>
              ) : (
                <Tag color="default">出局</Tag>
              ),
          },
          { title: '竞买号', key: 'bidder', render: (r) => r.bidderNo },
          {
            title: '出价金额',
            key: 'amount',
            render: (r) => <strong className="bid-amount">{yuanText(r.amount)}</strong>,
          },
          { title: '出价时间', key: 'time', render: (r) => r.bidTime },
        ]}
      />
    </section>
  );
}
