import { notices } from '@chepai/shared';
import { Alert, App, Button, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { PagedTable } from '../paged-table';
import { useLoad } from '../use-load';
import { fmt } from '../deals/deal-format';

const time = fmt;
type State = 'all' | 'failed' | 'retrying';

/**
 * 消息投递: SMS notices that failed for good or are retrying, with a retry
 * (docs/decisions/026-notice-delivery.md). The delivery job changes rows by itself (a retried
 * SMS is claimed and sent within seconds), so the list reloads every 10 s.
 */
export function DeliveriesPage() {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [state, setState] = useState<State>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(notices.deliveryList, { pageNum, pageSize: 20, state }),
    [pageNum, state],
    10_000,
  );
  const retry = async (id: string) => {
    setBusy(id);
    try {
      await consoleCall(notices.deliveryRetry, { id });
      void message.success('已重新排队发送');
      reload();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Segmented<State>
        value={state}
        style={{ marginBottom: 12 }}
        options={[
          { value: 'all', label: '全部异常' },
          { value: 'failed', label: '已放弃' },
          { value: 'retrying', label: '重试中' },
        ]}
        onChange={(v) => {
          setPageNum(1);
          setState(v);
        }}
      />
      <span className="console-muted" style={{ marginLeft: 12 }}>
        每 10 秒自动刷新
      </span>
      <PagedTable
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={880}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '没有失败或重试中的短信' }}
        columns={[
          { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: time },
          {
            title: '收件人',
            width: 150,
            render: (_, d) => (
              <>
                {d.name || '—'}
                <br />
                <span className="console-muted">{d.tel}</span>
              </>
            ),
          },
          {
            title: '消息',
            render: (_, d) => (
              <>
                <Tag>{d.kindText}</Tag>
                {d.title}
              </>
            ),
          },
          {
            title: '状态',
            width: 190,
            render: (_, d) =>
              d.state === 'failed' ? (
                <Tag color="red">已放弃（{d.attempts} 次）</Tag>
              ) : (
                <>
                  <Tag color="orange">重试中（第 {d.attempts} 次失败）</Tag>
                  <div className="console-muted">下次 {time(d.nextAt)}</div>
                </>
              ),
          },
          { title: '最后错误', dataIndex: 'lastError', width: 180 },
          {
            title: '操作',
            width: 100,
            render: (_, d) => (
              <Button size="small" loading={busy === d.id} onClick={() => void retry(d.id)}>
                立即重试
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
