import { Notice } from './plain/notice';

export const SANDBOX_PAYMENT_TEXT = '当前为沙箱支付环境：不会真实扣款，仅供演示与测试';

/** Every payment page says when the server pays through the sandbox (docs/deploy.md). Plain. */
export function SandboxPaymentNotice({ sandbox }: { sandbox: boolean | undefined }) {
  if (!sandbox) return null;
  return <Notice type="warning" className="sandbox-notice" message={SANDBOX_PAYMENT_TEXT} />;
}
