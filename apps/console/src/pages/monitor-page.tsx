import { consoleApi } from '@chepai/shared';
import { Alert, App, Button, DatePicker, Input, Modal, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { PagedTable } from '../paged-table';
import { consoleCall, type StoredOperator } from '../console-api';
import { useLoad } from '../use-load';
import { fmt } from '../deals/deal-format';

type Kind = 'cancel' | 'pause' | 'resume' | 'extend';
type Row = consoleApi.MonitoredLot;
const ACTIONS: Record<Kind, { title: string; ok: string; hint: string; placeholder: string; done: string }> =
  {
    cancel: {
      title: '撤拍',
      ok: '确认撤拍',
      hint: '撤拍后已缴保证金将全部原路退还，操作写入审计日志。竞价开始后不能撤拍。',
      placeholder: '撤拍原因（必填）',
      done: '已撤拍，保证金已原路退还',
    },
    pause: {
      title: '暂停竞价',
      ok: '确认暂停',
      hint: '暂停期间不接受出价、不会结拍；恢复时结束时间按暂停时长顺延。竞买人页面即时显示暂停。',
      placeholder: '暂停原因（必填，竞买人可见）',
      done: '已暂停竞价',
    },
    resume: {
      title: '恢复竞价',
      ok: '确认恢复',
      hint: '恢复后立即接受出价，结束时间顺延暂停的时长。',
      placeholder: '恢复说明（必填）',
      done: '已恢复竞价',
    },
    extend: {
      title: '延长结束时间',
      ok: '确认延长',
      hint: '只能延后，一次最多延长7天；竞买人页面的倒计时即时更新。',
      placeholder: '延长原因（必填）',
      done: '已延长结束时间',
    },
  };

/** 拍品监控: lots not yet closed, refreshed every 10 s; a scheduler may pause, resume, extend or withdraw. */
export function MonitorPage({ operator }: { operator: StoredOperator }) {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [acting, setActing] = useState<{ kind: Kind; lot: Row } | null>(null);
  const [reason, setReason] = useState('');
  const [endTime, setEndTime] = useState<Dayjs | null>(null);
  const open = (kind: Kind, lot: Row) => {
    setActing({ kind, lot });
    setReason('');
    setEndTime(dayjs(lot.endTime).add(30, 'minute'));
  };
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(consoleApi.monitorList, { pageNum, pageSize: 20 }),
    [pageNum],
    10_000,
  );
  const mayCancel = operator.roles.includes('admin') || operator.roles.includes('scheduler');
  const submit = async () => {
    if (!acting) return;
    const { kind, lot } = acting;
    const input = { orderId: lot.orderId, reason };
    try {
      if (kind === 'cancel') await consoleCall(consoleApi.cancelLot, input);
      if (kind === 'pause') await consoleCall(consoleApi.pauseLot, input);
      if (kind === 'resume') await consoleCall(consoleApi.resumeLot, input);
      if (kind === 'extend')
        await consoleCall(consoleApi.extendLot, { ...input, endTime: endTime?.valueOf() ?? 0 });
      message.success(ACTIONS[kind].done);
      setActing(null);
      reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <PagedTable
        rowKey="orderId"
        loading={loading && !data}
        dataSource={data?.list ?? []}
        minWidth={900}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        columns={[
          { title: '拍品', dataIndex: 'title', ellipsis: true },
          { title: '处置单位', dataIndex: 'sellerName', width: 160, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'statusText',
            width: 90,
            render: (v: string, r) =>
              r.paused ? (
                <Tag color="red">已暂停</Tag>
              ) : (
                <Tag color={r.status >= 3 ? 'orange' : 'blue'}>{v}</Tag>
              ),
          },
          { title: '当前价（元）', dataIndex: 'currentPrice', width: 120, align: 'right' },
          { title: '出价', dataIndex: 'bidCount', width: 70, align: 'right' },
          { title: '报名', dataIndex: 'registeredBidders', width: 70, align: 'right' },
          { title: '结束时间', dataIndex: 'endTime', width: 170, render: fmt },
          {
            title: '操作',
            width: 200,
            render: (_, r) =>
              mayCancel ? (
                <Space size={4} wrap>
                  {r.status < 3 && (
                    <Button danger size="small" onClick={() => open('cancel', r)}>
                      撤拍
                    </Button>
                  )}
                  {r.status >= 3 && !r.paused && (
                    <Button size="small" onClick={() => open('pause', r)}>
                      暂停
                    </Button>
                  )}
                  {r.paused && (
                    <Button size="small" type="primary" onClick={() => open('resume', r)}>
                      恢复
                    </Button>
                  )}
                  <Button size="small" onClick={() => open('extend', r)}>
                    延长
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={acting !== null}
        title={acting ? `${ACTIONS[acting.kind].title}：${acting.lot.title}` : ''}
        okText={acting ? ACTIONS[acting.kind].ok : ''}
        okButtonProps={{
          danger: acting?.kind === 'cancel' || acting?.kind === 'pause',
          disabled: reason.trim().length < 2 || (acting?.kind === 'extend' && !endTime),
        }}
        onOk={() => void submit()}
        onCancel={() => setActing(null)}
      >
        <p>{acting ? ACTIONS[acting.kind].hint : ''}</p>
        {acting?.kind === 'extend' && (
          <p>
            当前结束：{fmt(acting.lot.endTime)}
            <br />
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={endTime}
              onChange={setEndTime}
              disabledDate={(d) => d.isBefore(dayjs(acting.lot.endTime).startOf('day'))}
              aria-label="新的结束时间"
              style={{ marginTop: 8 }}
            />
          </p>
        )}
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={acting ? ACTIONS[acting.kind].placeholder : ''}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
