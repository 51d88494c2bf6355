import type { deals } from '@chepai/shared';
import { Button, Grid, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadInvoice, downloadReceipt, useRequestInvoice } from '../../../api/deal-queries';
import { yuanText } from '../../../components/lots/format';
import { useFeedback } from '../../../components/feedback';
import { DateTime } from './date-time';
import { mutateThen } from '../../../lib/mutate-then';

/** 付款凭证: every paid payment of the deal, its receipt as a PDF, and an invoice on request. */
export function ReceiptsCard({ deal }: { deal: deals.DealView }) {
  const { message } = useFeedback();
  const invoice = useRequestInvoice(deal.orderId);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await download();
    } finally {
      setBusy(null);
    }
  };
  const phone = !Grid.useBreakpoint().sm;
  const apply = (r: deals.Receipt) => (
    <Button
      size="small"
      loading={invoice.isPending && invoice.variables === r.paymentNo}
      onClick={() => mutateThen(invoice, r.paymentNo, () => void message.success('发票申请已提交'))}
    >
      {r.invoice ? '重新申请' : '申请发票'}
    </Button>
  );
  // 申请中 / 已开具 (number, date, the PDF) / 已驳回 (why, and ask again).
  const invoiceCell = (r: deals.Receipt) => {
    const inv = r.invoice;
    if (!inv && r.noInvoice)
      return (
        <span className="muted" data-testid="no-invoice">
          {r.noInvoice}
        </span>
      );
    if (!inv) return apply(r);
    return (
      <span className="deal-invoice" data-testid="invoice-state">
        <Tag color={{ requested: 'blue', issued: 'green', rejected: 'red' }[inv.status]}>
          发票{inv.statusText}
        </Tag>
        {inv.status === 'issued' && (
          <>
            <span className="muted">
              No.{inv.invoiceNo} · {inv.invoiceDate}
            </span>
            <Button
              size="small"
              type="link"
              loading={busy === `invoice:${r.paymentNo}`}
              onClick={() =>
                void run(`invoice:${r.paymentNo}`, () => downloadInvoice(deal.orderId, r.paymentNo))
              }
            >
              下载发票（PDF）
            </Button>
          </>
        )}
        {inv.status === 'rejected' && (
          <>
            <span className="deal-invoice-reason">驳回原因：{inv.rejectReason}</span>
            {apply(r)}
          </>
        )}
      </span>
    );
  };
  const pdfCell = (r: deals.Receipt) => (
    <Button
      size="small"
      type="link"
      loading={busy === r.paymentNo}
      onClick={() => void run(r.paymentNo, () => downloadReceipt(deal.orderId, r.paymentNo))}
    >
      下载收据（PDF）
    </Button>
  );
  if (!deal.receipts.length) return null;
  return (
    <section className="deal-card-section" data-testid="receipts-card">
      <h2>付款凭证与发票</h2>
      <p className="muted">
        发票按<Link to="/personalCenter/invoiceInformation">发票信息</Link>中保存的抬头开具。
      </p>
      {phone ? (
        <ul className="deal-receipts">
          {deal.receipts.map((r) => (
            <li key={r.paymentNo}>
              <span className="deal-receipt-what">
                {r.purposeText} <strong>{yuanText(r.amount)}</strong>
              </span>
              <span className="muted">
                支付于 <DateTime ms={r.paidAt} />
              </span>
              <span className="deal-actions">
                {invoiceCell(r)}
                {pdfCell(r)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Table<deals.Receipt>
          rowKey="paymentNo"
          size="small"
          pagination={false}
          dataSource={deal.receipts}
          columns={[
            { title: '款项', dataIndex: 'purposeText', className: 'nowrap' },
            { title: '金额', dataIndex: 'amount', className: 'nowrap', render: (v: string) => yuanText(v) },
            { title: '支付时间', dataIndex: 'paidAt', render: (v: number) => <DateTime ms={v} /> },
            { title: '发票', key: 'invoice', render: (_: unknown, r) => invoiceCell(r) },
            { title: '凭证', key: 'pdf', className: 'nowrap', render: (_: unknown, r) => pdfCell(r) },
          ]}
        />
      )}
    </section>
  );
}
