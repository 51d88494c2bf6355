import { deals, invoices } from '@chepai/shared';
import type { files } from '@chepai/shared';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { fmt, stacked, yuan } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { ReasonModal } from '../reason-modal';
import { UploadItem } from '../upload-field';
import { useAction } from '../use-action';
import { StatusFilter } from '../status-filter';
import { useLoad } from '../use-load';

type Row = invoices.InvoiceRow;
type Filter = 'all' | deals.InvoiceStatus;
const STATUS_COLOR = { requested: 'orange', issued: 'green', rejected: 'red' } as const;
// The contract's own rule for the number, so the form says what the server would.
const numberRule = invoices.consoleIssueInvoice.input.shape.invoiceNo;

/** 开具: the invoice number and date from the tax system, and its e-invoice PDF. */
function IssueModal({ row, onClose, onDone }: { row: Row | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ invoiceNo: string; invoiceDate: Dayjs }>();
  const [pdf, setPdf] = useState<files.UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { busy, run } = useAction(onDone);
  const submit = async (v: { invoiceNo: string; invoiceDate: Dayjs }) => {
    if (!row) return;
    if (!pdf) return setUploadError('请上传电子发票（PDF）');
    const ok = await run(
      row.id,
      () =>
        consoleCall(invoices.consoleIssueInvoice, {
          id: row.id,
          invoiceNo: v.invoiceNo,
          invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
          fileId: pdf.id,
        }),
      '发票已开具，买受人可下载',
    );
    if (ok) {
      setPdf(null);
      onClose();
    }
  };
  return (
    <Modal
      open={row !== null}
      title="开具发票"
      okText="确认开具"
      cancelText="取消"
      okButtonProps={{ loading: busy !== null }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {row && (
        <p>
          {row.madeOutTo.invoiceTypeText} · 抬头 {row.madeOutTo.title}
          {row.madeOutTo.taxNo && `（${row.madeOutTo.taxNo}）`} · {row.purposeText} {yuan(row.amount)}
        </p>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ invoiceDate: dayjs() }}
      >
        <Form.Item
          name="invoiceNo"
          label="发票号码"
          required
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                const r = numberRule.safeParse(v ?? '');
                if (!r.success) throw new Error(r.error.issues[0]?.message ?? '发票号码格式不正确');
              },
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={20} placeholder="8–20位数字" />
        </Form.Item>
        <Form.Item
          name="invoiceDate"
          label="开票日期"
          rules={[{ required: true, message: '请选择开票日期' }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <UploadItem
          label="电子发票（PDF，不超过10M）"
          accept=".pdf,application/pdf"
          value={pdf}
          onChange={setPdf}
          error={uploadError}
          onError={setUploadError}
        />
      </Form>
    </Modal>
  );
}

/** 发票管理: buyers' invoice requests, those waiting first; finance issues (with the PDF) or rejects. */
export function InvoicesPage() {
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Filter>('all');
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(invoices.consoleInvoiceList, {
        pageNum,
        pageSize: 20,
        status: status === 'all' ? undefined : status,
      }),
    [pageNum, status],
  );
  const { busy, run } = useAction(reload);
  const reject = async (reason: string) => {
    if (!rejecting) return false;
    const ok = await run(
      rejecting.id,
      () => consoleCall(invoices.consoleRejectInvoice, { id: rejecting.id, reason }),
      '已驳回，买受人可修改发票信息后重新申请',
    );
    if (ok) setRejecting(null);
    return ok;
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <StatusFilter
        value={status}
        texts={deals.INVOICE_STATUS_TEXT}
        onChange={(v) => {
          setPageNum(1);
          setStatus(v);
        }}
      />
      <PagedTable<Row>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={1120}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无发票申请' }}
        columns={[
          { title: '申请时间', dataIndex: 'requestedAt', width: 170, render: fmt },
          { title: '车辆', render: (_, r) => stacked(r.title, r.orderId) },
          {
            title: '款项',
            width: 150,
            render: (_, r) => stacked(`${r.purposeText} ${yuan(r.amount)}`, r.paymentNo),
          },
          { title: '买受人', width: 120, render: (_, r) => stacked(r.buyer.name, r.buyer.tel) },
          {
            title: '发票抬头',
            width: 200,
            render: (_, r) =>
              stacked(
                r.madeOutTo.title,
                [r.madeOutTo.invoiceTypeText, r.madeOutTo.taxNo].filter(Boolean).join(' · '),
              ),
          },
          {
            title: '状态',
            width: 180,
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag>
                {r.invoiceNo && (
                  <div className="console-muted">
                    {r.invoiceNo} · {r.invoiceDate}
                  </div>
                )}
                {r.rejectReason && <div className="console-muted">{r.rejectReason}</div>}
                {r.decidedBy && (
                  <div className="console-muted">
                    {r.decidedBy.name} {fmt(r.decidedAt)}
                  </div>
                )}
              </>
            ),
          },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 140,
            render: (_, r) =>
              r.status === 'requested' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setIssuing(r)}>
                    开具
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(r)}>
                    驳回
                  </Button>
                </Space>
              ) : r.fileUrl ? (
                <a href={r.fileUrl} target="_blank" rel="noreferrer">
                  查看发票
                </a>
              ) : null,
          },
        ]}
      />
      <IssueModal row={issuing} onClose={() => setIssuing(null)} onDone={reload} />
      <ReasonModal
        open={rejecting !== null}
        title={`驳回发票申请：${rejecting?.madeOutTo.title ?? ''}`}
        okText="确认驳回"
        label="驳回原因"
        hint="请写明原因（买受人会看到），例如：纳税人识别号与抬头不符。"
        danger
        loading={busy !== null}
        onSubmit={reject}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
