import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/deal-fixture';
import { renderReceipt } from './receipt-pdf';

describe('the receipt PDF', () => {
  it('prints payer, purpose, the amount in figures and in capitals, in the contract’s CJK font', async () => {
    const pdf = await renderReceipt({
      receiptNo: 'SJDP1764000000000123456',
      paymentNo: 'DP1764000000000123456',
      payer: '欧阳喆堃',
      payee: '车拍商城平台（代收）',
      purpose: '场地存放费',
      vehicle: '2021款 大众 帕萨特 330TSI',
      contractNo: 'CJ20261125189000001',
      amount: 1_234_56,
      paidAt: Date.UTC(2026, 10, 25, 6, 5),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A subset font keeps it small.
    expect(pdf.length).toBeLessThan(200_000);
    const text = pdfText(pdf);
    for (const fact of [
      '收款凭证',
      '欧阳喆堃',
      '场地存放费',
      'CJ20261125189000001',
      'DP1764000000000123456',
      '¥1,234.56',
      '人民币壹仟贰佰叁拾肆元伍角陆分',
      '2026年11月25日 14:05',
    ])
      expect(text).toContain(fact);
  });
});
