import { settlement } from '@chepai/shared';
import { Alert, Grid, Segmented, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';
import { usePayoutStatement } from '../api/settlement-api';
import { PayoutTag } from '../components/payout-tag';
import '../sellers.css';

type Filter = settlement.PayoutStatus | 'all';
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: '全部' },
  ...Object.entries(settlement.PAYOUT_STATUS).map(([value, label]) => ({ value: value as Filter, label })),
];

/** 结算对账单: every payout to the unit's collection account, with what has arrived and what is on its way. */
export default function PayoutStatementPage() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const { data, error, isFetching } = usePayoutStatement(page, filter === 'all' ? undefined : filter);
  const phone = !Grid.useBreakpoint().md;
  return (
    <div className="center-body">
      <div className="center-title">结算对账单</div>
      {error && <Alert type="error" showIcon message={error.message} />}
      {data && (
        <div className="seller-statement-totals" data-testid="statement-totals">
          <Statistic title="已到账" value={yuanText(data.totals.paid)} />
          <Statistic title="处理中" value={yuanText(data.totals.inTransit)} />
          <Statistic title="打款失败" value={yuanText(data.totals.failed)} />
        </div>
      )}
      <Segmented<Filter>
        className="seller-statement-filter"
        value={filter}
        options={FILTERS}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
      />
      <Table<settlement.Payout>
        rowKey="payoutNo"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={phone ? { x: 760 } : undefined}
        locale={{ emptyText: '暂无结算记录：买受人付清款项并确认交车后，成交款将结算到本单位收款账户' }}
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
            render: (t: string, p) => (
              <>
                <Link to={`/detailInfo/${p.orderId}`}>{t}</Link>
                <div className="muted">
                  {p.kindText} · {p.payoutNo}
                </div>
              </>
            ),
          },
          { title: '成交款', dataIndex: 'gross', className: 'nowrap', render: (v: string) => yuanText(v) },
          {
            title: '服务费',
            dataIndex: 'sellerFee',
            className: 'nowrap',
            render: (v: string) => yuanText(v),
          },
          {
            title: '结算金额',
            dataIndex: 'amount',
            className: 'nowrap',
            render: (v: string) => <strong>{yuanText(v)}</strong>,
          },
          {
            title: '状态',
            key: 'status',
            className: 'nowrap',
            render: (_: unknown, p) => (
              <>
                <PayoutTag payout={p} />
                {p.failure && <div className="muted">{p.failure}</div>}
              </>
            ),
          },
          {
            title: '时间',
            key: 'at',
            className: 'nowrap',
            render: (_: unknown, p) =>
              p.paidAt ? `到账 ${beijing(p.paidAt)}` : `生成 ${beijing(p.createdAt)}`,
          },
        ]}
      />
    </div>
  );
}
