import { settlement } from '@chepai/shared';
import { Alert, Button, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { fmt, stacked, yuan } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { useAction } from '../use-action';
import { StatusFilter } from '../status-filter';
import { useLoad } from '../use-load';

type Filter = 'all' | settlement.PayoutStatus;
const COLOR: Record<settlement.PayoutStatus, string> = {
  pending: 'default',
  sending: 'blue',
  sent: 'blue',
  paid: 'green',
  failed: 'red',
};

/** 结算打款: payouts to the units' collection accounts; a failed or waiting one can be sent again. */
export function PayoutsPage() {
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Filter>('all');
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(settlement.payoutList, {
        pageNum,
        pageSize: 20,
        status: status === 'all' ? undefined : status,
      }),
    [pageNum, status],
  );
  const { busy, run } = useAction(reload);
  const retry = (payoutNo: string) =>
    run(payoutNo, () => consoleCall(settlement.payoutRetry, { payoutNo }), '已重新发起打款');
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <StatusFilter
        value={status}
        texts={settlement.PAYOUT_STATUS}
        onChange={(v) => {
          setPageNum(1);
          setStatus(v);
        }}
      />
      <PagedTable
        rowKey="payoutNo"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={1100}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无结算' }}
        columns={[
          {
            title: '结算单号',
            width: 200,
            render: (_, p) => stacked(p.payoutNo, p.kindText),
          },
          {
            title: '车辆',
            render: (_, p) => stacked(p.title, p.orderId),
          },
          { title: '处置单位', dataIndex: 'unitName', width: 200 },
          {
            title: '金额',
            width: 170,
            render: (_, p) => (
              <>
                <strong>{yuan(p.amount)}</strong>
                <div className="console-muted">
                  {yuan(p.gross)} − {yuan(p.sellerFee)}
                </div>
              </>
            ),
          },
          {
            title: '收款账户',
            width: 200,
            render: (_, p) =>
              p.account.accountNo ? (
                <>
                  {p.account.accountName}
                  <div className="console-muted">
                    {p.account.bankName} {p.account.accountNo}
                  </div>
                </>
              ) : (
                '—'
              ),
          },
          {
            title: '状态',
            width: 170,
            render: (_, p) => (
              <>
                <Tag color={COLOR[p.status]}>{p.statusText}</Tag>
                {p.attempts > 1 && <span className="console-muted">第 {p.attempts} 次</span>}
                {p.failure && <div className="console-muted">{p.failure}</div>}
                <div className="console-muted">{fmt(p.paidAt ?? p.createdAt)}</div>
              </>
            ),
          },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 100,
            render: (_, p) =>
              p.status === 'failed' || p.status === 'pending' ? (
                <Button size="small" loading={busy === p.payoutNo} onClick={() => void retry(p.payoutNo)}>
                  重新打款
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
