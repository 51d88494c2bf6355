import { fenToYuanString } from '@chepai/shared/domain/money';
import { escapeHtml } from '../../lib/html';
import type { SandboxTrade } from './sandbox-trade.repo';

const groupYuan = (fen: number) => fenToYuanString(fen).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:#262626}
header{background:#1677ff;color:#fff;padding:14px 32px;font-size:18px}header small{opacity:.8;margin-left:12px;font-size:13px}
main{max-width:520px;margin:48px auto;background:#fff;border-radius:8px;padding:32px 40px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
.amount{font-size:36px;color:#f5222d;font-weight:600;margin:8px 0 24px}.amount span{font-size:18px;margin-right:4px}
dl{display:grid;grid-template-columns:96px 1fr;row-gap:10px;margin:0 0 28px;font-size:14px}dt{color:#8c8c8c}dd{margin:0;word-break:break-all}
form{display:inline}button{font-size:16px;padding:9px 36px;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer;margin-right:12px}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}.note{margin-top:24px;font-size:12px;color:#8c8c8c}
.state{font-size:20px;margin:8px 0 16px}.ok{color:#52c41a}.sandbox{background:#fffbe6;border-bottom:1px solid #ffe58f;color:#ad6800;padding:8px 32px;font-size:14px}.closed{color:#8c8c8c}a{color:#1677ff}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<header>车拍收银台<small>沙箱环境</small></header>
<div class="sandbox" role="alert">沙箱环境：本收银台仅供测试，不会产生真实扣款，付款不代表真实到账。</div><main>${body}</main></body></html>`;
}

/** The hosted payment page a buyer is sent to. */
export function renderPayPage(trade: SandboxTrade, paymentNo: string, ticket: string): string {
  const no = encodeURIComponent(paymentNo);
  const t = escapeHtml(encodeURIComponent(ticket));
  const details = `<dl><dt>商户</dt><dd>车拍商城</dd><dt>商品</dt><dd>${escapeHtml(trade.subject)}</dd>
<dt>支付单号</dt><dd>${escapeHtml(paymentNo)}</dd><dt>交易号</dt><dd>${escapeHtml(trade.trade_no)}</dd></dl>`;
  const amount = `<div>${trade.status === 'TRADE_SUCCESS' ? '实付金额' : '应付金额'}</div><div class="amount"><span>¥</span>${groupYuan(Number(trade.amount))}</div>`;
  if (trade.status === 'TRADE_SUCCESS') {
    return layout(
      '支付成功 - 车拍收银台',
      `<div class="state ok">✔ 支付成功</div>${amount}${details}<a href="${escapeHtml(trade.return_url)}">返回商户</a>`,
    );
  }
  if (trade.status === 'TRADE_CLOSED') {
    return layout(
      '交易已关闭 - 车拍收银台',
      `<div class="state closed">交易已关闭</div>${amount}${details}<a href="${escapeHtml(trade.return_url)}">返回商户</a>`,
    );
  }
  return layout(
    '车拍收银台',
    `${amount}${details}
<form method="post" action="/api/pay/sandbox/${no}/confirm?ticket=${t}"><button class="primary" type="submit">确认支付</button></form>
<form method="post" action="/api/pay/sandbox/${no}/cancel?ticket=${t}"><button type="submit">取消</button></form>
<p class="note">沙箱环境：不会产生真实扣款。确认后，支付公司会向商户发送签名的异步通知。</p>`,
  );
}

export function renderMissingPage(): string {
  return layout('支付单不存在 - 车拍收银台', '<div class="state closed">支付单不存在或已失效</div>');
}

export function renderDeniedPage(): string {
  return layout(
    '无法打开收银台 - 车拍收银台',
    '<div class="state closed">收银台链接无效或已过期</div><p>请回到车拍商城，从“缴纳保证金”或“去付款”重新进入。</p>',
  );
}
