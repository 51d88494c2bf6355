import { settlement } from '@chepai/shared';
import { Alert, Table } from 'antd';
import { consoleCall } from '../console-api';
import { useLoad } from '../use-load';
import { fmt, yuan } from './deal-format';

const REVENUE: Record<string, string> = {
  'buyer-fee': '买方服务费',
  'seller-fee': '卖方服务费',
  forfeit: '保证金罚没分成',
  'storage-fee': '场地存放费',
};

/** The chart of accounts (decision 022) in words an operator reads. */
export function accountLabel(account: string): string {
  const [head, id, tail] = account.split(':');
  if (account === 'clearing:provider') return '支付公司（在途资金）';
  if (account === 'clearing:refunds') return '待退款';
  if (account === 'clearing:payouts') return '待打款';
  if (head === 'buyer' && tail === 'deposit') return `竞买人 ${id} 保证金`;
  if (head === 'escrow') return '成交托管款';
  if (head === 'seller' && tail === 'payable') return '应付处置单位';
  if (head === 'platform' && id === 'revenue') return `平台收入·${REVENUE[tail ?? ''] ?? tail}`;
  return account;
}

/** The deal's journals (finance and admins): every money movement of the lot, debit + / credit −. */
export function DealLedger({ orderId }: { orderId: string }) {
  const { data, error, loading } = useLoad(() => consoleCall(settlement.lotLedger, { orderId }), [orderId]);
  return (
    <>
      <h3 className="console-drawer-h3">资金流水</h3>
      {error && <Alert type="error" showIcon message={error} />}
      <Table
        rowKey="journalId"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={data?.journals ?? []}
        locale={{ emptyText: '暂无资金流水' }}
        scroll={{ x: 560 }}
        data-testid="deal-ledger"
        columns={[
          { title: '时间', dataIndex: 'at', width: 150, render: fmt },
          { title: '类型', dataIndex: 'kindText', width: 110 },
          {
            title: '分录（借 + / 贷 −）',
            render: (_, j) => (
              <>
                {j.lines.map((l) => (
                  <div key={l.account} title={l.account} style={{ whiteSpace: 'nowrap' }}>
                    {accountLabel(l.account)} {l.amount.startsWith('-') ? '−' : '+'}
                    {yuan(l.amount.replace(/^-/, ''))}
                  </div>
                ))}
                <div className="console-muted">{j.memo}</div>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
