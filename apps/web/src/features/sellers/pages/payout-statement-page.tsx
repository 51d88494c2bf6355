import { settlement } from '@chepai/shared';
import { Alert, Button, Empty } from 'antd';
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
  const pages = Math.ceil((data?.total ?? 0) / 10);
  return (
    <div className="center-body">
      <div className="center-title">结算对账单</div>
      {error && <Alert type="error" showIcon message={error.message} />}
      {data && (
        <dl className="seller-statement-totals" data-testid="statement-totals">
          <div>
            <dt>已到账</dt>
            <dd>{yuanText(data.totals.paid)}</dd>
          </div>
          <div>
            <dt>处理中</dt>
            <dd>{yuanText(data.totals.inTransit)}</dd>
          </div>
          <div>
            <dt>打款失败</dt>
            <dd>{yuanText(data.totals.failed)}</dd>
          </div>
        </dl>
      )}
      <div className="seller-statement-filter" role="group" aria-label="按状态筛选">
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="small"
            type={filter === f.value ? 'primary' : 'default'}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {/* A plain table: antd's Table would double the page's first load (decision 033). */}
      <div
        className={isFetching ? 'seller-statement-body is-loading' : 'seller-statement-body'}
        aria-busy={isFetching}
      >
        {data?.list.length ? (
          <div className="seller-statement-scroll">
            <table className="seller-statement">
              <thead>
                <tr>
                  <th>车辆</th>
                  <th>成交款</th>
                  <th>服务费</th>
                  <th>结算金额</th>
                  <th>状态</th>
                  <th>时间</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((p) => (
                  <tr key={p.payoutNo}>
                    <td>
                      <Link to={`/detailInfo/${p.orderId}`}>{p.title}</Link>
                      <div className="muted">
                        {p.kindText} · {p.payoutNo}
                      </div>
                    </td>
                    <td className="nowrap">{yuanText(p.gross)}</td>
                    <td className="nowrap">{yuanText(p.sellerFee)}</td>
                    <td className="nowrap">
                      <strong>{yuanText(p.amount)}</strong>
                    </td>
                    <td className="nowrap">
                      <PayoutTag payout={p} />
                      {p.failure && <div className="muted">{p.failure}</div>}
                    </td>
                    <td className="nowrap">
                      {p.paidAt ? `到账 ${beijing(p.paidAt)}` : `生成 ${beijing(p.createdAt)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <Empty description="暂无结算记录：买受人付清款项并确认交车后，成交款将结算到本单位收款账户" />
        )}
      </div>
      {pages > 1 && (
        <nav className="seller-statement-pages" aria-label="分页">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <span>
            第 {page} / {pages} 页
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
        </nav>
      )}
    </div>
  );
}
