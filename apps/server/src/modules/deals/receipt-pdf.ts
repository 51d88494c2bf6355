import { amountInWords, fenToYuanString } from '@chepai/shared';
import { at, money, pdfEngine } from './contract-pdf';

/** What a receipt (收款凭证) prints: one paid payment of a deal. Money in fen. */
export interface ReceiptFacts {
  receiptNo: string;
  paymentNo: string;
  payer: string;
  payee: string;
  purpose: string;
  vehicle: string;
  contractNo: string;
  amount: number;
  paidAt: number;
}

type Content = string | Record<string, unknown>;
const row = (label: string, value: string): Content[] => [{ text: label, color: '#4e5969' }, { text: value }];

/**
 * The receipt of one paid payment (docs/product.md#16-the-deal-after-the-hammer), with the same
 * CJK font as the 成交确认书. It proves the platform received the money; it is not a tax invoice.
 */
export async function renderReceipt(f: ReceiptFacts): Promise<Buffer> {
  const pdfmake = await pdfEngine();
  const doc = {
    info: { title: `收款凭证 ${f.receiptNo}`, author: '车拍商城', subject: f.purpose },
    pageSize: 'A5',
    pageOrientation: 'landscape',
    pageMargins: [40, 36, 40, 36],
    defaultStyle: { font: 'NotoSansSC', fontSize: 10, lineHeight: 1.35 },
    content: [
      { text: '收款凭证', fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      {
        columns: [
          { text: `凭证编号：${f.receiptNo}`, fontSize: 9 },
          { text: `收款时间：${at(f.paidAt)}`, fontSize: 9, alignment: 'right' },
        ],
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          widths: [100, '*'],
          body: [
            row('付款人', f.payer),
            row('收款人', f.payee),
            row('款项', f.purpose),
            row('车辆', f.vehicle),
            row('成交确认书编号', f.contractNo),
            row('支付单号', f.paymentNo),
            row('金额（小写）', money(f.amount)),
            row('金额（大写）', `人民币${amountInWords(fenToYuanString(f.amount))}`),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: '本凭证仅证明平台已收到上述款项，不作为发票；如需发票，请在“成交详情”中按已保存的开票信息申请。',
        fontSize: 8,
        color: '#86909c',
        margin: [0, 12, 0, 0],
      },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
