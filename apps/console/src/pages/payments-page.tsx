import { settlement, type EndpointOutput } from '@chepai/shared';
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall, type StoredOperator } from '../console-api';
import { fmt, stacked, yuan } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { ReasonModal } from '../reason-modal';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type Payment = EndpointOutput<typeof settlement.paymentList>['list'][number];
type PaymentStatus = 'all' | 'pending' | 'paid' | 'closed';

function Payments({ onRefund }: { onRefund: (p: Payment) => void }) {
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<PaymentStatus>('paid');
  const [orderId, setOrderId] = useState('');
  const { data, error, loading } = useLoad(
    () =>
      consoleCall(settlement.paymentList, {
        pageNum,
        pageSize: 20,
        status: status === 'all' ? undefined : status,
        orderId: orderId || undefined,
      }),
    [pageNum, status, orderId],
  );
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<PaymentStatus>
          value={status}
          options={[
            { value: 'all', label: '全部' },
            ...Object.entries(settlement.PAYMENT_STATUS).map(([value, label]) => ({
              value: value as PaymentStatus,
              label,
            })),
          ]}
          onChange={(v) => {
            setPageNum(1);
            setStatus(v);
          }}
        />
        <Input.Search
          allowClear
          placeholder="拍品编号"
          style={{ width: 220 }}
          onSearch={(v) => {
            setPageNum(1);
            setOrderId(v.trim());
          }}
        />
      </Space>
      <PagedTable
        rowKey="paymentNo"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={1080}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无支付记录' }}
        columns={[
          {
            title: '支付单号',
            width: 210,
            render: (_, p) => stacked(p.paymentNo, p.providerTradeNo ?? '—'),
          },
          {
            title: '车辆',
            render: (_, p) => stacked(p.title, p.orderId),
          },
          { title: '款项', dataIndex: 'purposeText', width: 110 },
          { title: '金额', dataIndex: 'amount', width: 120, render: yuan },
          {
            title: '付款人',
            width: 130,
            render: (_, p) => stacked(p.payer.name, p.payer.tel),
          },
          {
            title: '状态',
            width: 150,
            render: (_, p) => (
              <>
                <Tag color={p.status === 'paid' ? 'green' : 'default'}>{p.statusText}</Tag>
                {Number(p.refunded) > 0 && <div className="console-muted">已退 {yuan(p.refunded)}</div>}
              </>
            ),
          },
          { title: '支付时间', dataIndex: 'paidAt', width: 170, render: fmt },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 100,
            render: (_, p) =>
              p.status === 'paid' && Number(p.refunded) < Number(p.amount) ? (
                <Button size="small" onClick={() => onRefund(p)}>
                  申请退款
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}

type RefundFilter = 'all' | settlement.RefundStatus;

function Refunds({ operator, version }: { operator: StoredOperator; version: number }) {
  const { modal } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<RefundFilter>('requested');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(settlement.refundList, {
        pageNum,
        pageSize: 20,
        status: status === 'all' ? undefined : status,
      }),
    [pageNum, status, version],
  );
  const { busy, run } = useAction(reload);
  const decide = async (refundNo: string, approve: boolean, reason?: string) => {
    const ok = await run(
      refundNo,
      () =>
        approve
          ? consoleCall(settlement.refundApprove, { refundNo })
          : consoleCall(settlement.refundReject, { refundNo, reason: reason ?? '' }),
      approve ? '已复核通过，退款已发起' : '已驳回',
    );
    if (ok) setRejecting(null);
    return ok;
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Segmented<RefundFilter>
        value={status}
        style={{ marginBottom: 12 }}
        options={[
          { value: 'requested', label: '待复核' },
          { value: 'all', label: '全部' },
          { value: 'failed', label: '退款失败' },
          { value: 'done', label: '已退回' },
        ]}
        onChange={(v) => {
          setPageNum(1);
          setStatus(v);
        }}
      />
      <PagedTable
        rowKey="refundNo"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={1100}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无退款' }}
        columns={[
          {
            title: '退款单号',
            width: 200,
            render: (_, r) => stacked(r.refundNo, r.kindText),
          },
          {
            title: '车辆 / 原支付',
            render: (_, r) => stacked(r.title, r.paymentNo),
          },
          { title: '金额', dataIndex: 'amount', width: 120, render: yuan },
          { title: '收款人', width: 120, render: (_, r) => r.payee.name },
          { title: '原因', dataIndex: 'reason', width: 180 },
          {
            title: '发起 / 复核',
            width: 200,
            render: (_, r) => (
              <>
                {r.requestedBy ? `${r.requestedBy.name} ${fmt(r.requestedAt)}` : '系统'}
                {r.decidedBy && (
                  <div className="console-muted">
                    {r.decidedBy.name} {fmt(r.decidedAt)}
                    {r.decisionNote ? `：${r.decisionNote}` : ''}
                  </div>
                )}
              </>
            ),
          },
          {
            title: '状态',
            width: 130,
            render: (_, r) => (
              <>
                <Tag color={r.status === 'done' ? 'green' : r.status === 'failed' ? 'red' : 'orange'}>
                  {r.statusText}
                </Tag>
                {r.failure && <div className="console-muted">{r.failure}</div>}
              </>
            ),
          },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 150,
            render: (_, r) => {
              if (r.status !== 'requested') return null;
              // Maker-checker: whoever asked for the refund may not approve it.
              if (r.requestedBy?.id === operator.operatorId)
                return <span className="console-muted">待其他财务复核</span>;
              return (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === r.refundNo}
                    onClick={() =>
                      modal.confirm({
                        title: `复核通过并退款 ${yuan(r.amount)}？`,
                        content: '通过后款项将经支付渠道原路退回，不可撤销。',
                        okText: '通过并退款',
                        cancelText: '取消',
                        onOk: () => decide(r.refundNo, true),
                      })
                    }
                  >
                    通过
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(r.refundNo)}>
                    驳回
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title="驳回退款申请"
        okText="确认驳回"
        label="驳回原因"
        danger
        loading={busy !== null}
        onSubmit={(reason) => (rejecting ? decide(rejecting, false, reason) : Promise.resolve(false))}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}

/** 支付与退款: every payment, and manual refunds that a second finance operator approves. */
export function PaymentsPage({ operator }: { operator: StoredOperator }) {
  const { message } = App.useApp();
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [tab, setTab] = useState('payments');
  const [version, setVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const request = async (v: { amount: string; reason: string }) => {
    if (!refunding) return;
    setSending(true);
    try {
      await consoleCall(settlement.refundRequest, { paymentNo: refunding.paymentNo, ...v });
      void message.success('退款申请已提交，需另一位财务复核');
      setRefunding(null);
      setVersion((n) => n + 1);
      setTab('refunds');
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'payments', label: '支付记录', children: <Payments onRefund={setRefunding} /> },
          { key: 'refunds', label: '退款', children: <Refunds operator={operator} version={version} /> },
        ]}
      />
      <Modal
        open={refunding !== null}
        title={`申请退款：${refunding?.paymentNo ?? ''}`}
        okText="提交申请"
        cancelText="取消"
        okButtonProps={{ loading: sending }}
        onOk={() => form.submit()}
        onCancel={() => setRefunding(null)}
        destroyOnHidden
      >
        {refunding && (
          <p>
            {refunding.title} · {refunding.purposeText} {yuan(refunding.amount)}
            {Number(refunding.refunded) > 0 ? `（已退 ${yuan(refunding.refunded)}）` : ''}
          </p>
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void request(v)}>
          <Form.Item
            name="amount"
            label="退款金额（元）"
            rules={[
              { required: true, message: '请填写退款金额' },
              { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: '金额格式不正确（元，最多两位小数）' },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="reason"
            label="退款原因"
            rules={[{ required: true, min: 2, message: '请填写退款原因（至少2个字）' }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
