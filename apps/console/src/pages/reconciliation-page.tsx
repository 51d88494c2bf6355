import { settlement } from '@chepai/shared';
import { Alert, App, Button, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { fmt } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { ReasonModal } from '../reason-modal';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type State = 'open' | 'resolved' | 'all';

/** 对账差异: what the reconciliation found (journals that do not balance, notices without ledger rows…). */
export function ReconciliationPage() {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [state, setState] = useState<State>('open');
  const [running, setRunning] = useState(false);
  const [resolving, setResolving] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(settlement.mismatchList, { pageNum, pageSize: 20, state }),
    [pageNum, state],
  );
  const runNow = async () => {
    setRunning(true);
    try {
      const { found } = await consoleCall(settlement.reconcileNow, {});
      void message.success(found ? `对账完成，发现 ${found} 条差异` : '对账完成，账实相符');
      reload();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setRunning(false);
    }
  };
  const { busy, run } = useAction(reload);
  const resolve = async (note: string) => {
    if (!resolving) return false;
    const ok = await run(
      resolving,
      () => consoleCall(settlement.mismatchResolve, { id: resolving, note }),
      '已标记为已处理',
    );
    if (ok) setResolving(null);
    return ok;
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<State>
          value={state}
          options={[
            { value: 'open', label: '未处理' },
            { value: 'resolved', label: '已处理' },
            { value: 'all', label: '全部' },
          ]}
          onChange={(v) => {
            setPageNum(1);
            setState(v);
          }}
        />
        <Button loading={running} onClick={() => void runNow()}>
          立即对账
        </Button>
        <span className="console-muted">系统每 10 分钟自动对账一次</span>
      </Space>
      <PagedTable
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={980}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: state === 'open' ? '没有未处理的对账差异' : '暂无记录' }}
        columns={[
          { title: '发现时间', dataIndex: 'foundAt', width: 170, render: fmt },
          {
            title: '类型',
            dataIndex: 'kindText',
            width: 170,
            render: (v: string) => <Tag color="red">{v}</Tag>,
          },
          {
            title: '对象',
            width: 220,
            render: (_, m) => (
              <>
                {m.ref}
                {m.orderId && <div className="console-muted">拍品 {m.orderId}</div>}
              </>
            ),
          },
          { title: '说明', dataIndex: 'detail' },
          {
            title: '处理',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 200,
            render: (_, m) =>
              m.resolved ? (
                <>
                  {m.resolved.by.name} {fmt(m.resolved.at)}
                  <div className="console-muted">{m.resolved.note}</div>
                </>
              ) : (
                <Button size="small" onClick={() => setResolving(m.id)}>
                  标记已处理
                </Button>
              ),
          },
        ]}
      />
      <ReasonModal
        open={resolving !== null}
        title="标记差异已处理"
        okText="确认"
        label="处理说明"
        hint="请写明核对结果和处理方式（记入审计日志）。"
        loading={busy !== null}
        onSubmit={resolve}
        onCancel={() => setResolving(null)}
      />
    </>
  );
}
