import type { deals } from '@chepai/shared';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { downloadContract, useSignCode, useSignContract } from '../../../api/deal-queries';
import { beijing } from '../../../components/lots/format';
import { SendCodeButton } from '../../../components/send-code-button';
import { useFeedback } from '../../../components/feedback';

// The upload field (antd Upload and Image) is only needed while the deal waits for a signature.
const PaperContract = lazy(() => import('./paper-contract').then((m) => ({ default: m.PaperContract })));

/** 成交确认书: download it, and sign it online with a code sent to the buyer's own phone. */
export function ContractCard({ deal }: { deal: deals.DealView }) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [form] = Form.useForm<{ code: string; read: boolean }>();
  const sendCode = useSignCode(deal.orderId);
  const sign = useSignContract(deal.orderId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadContract(deal.orderId);
    } finally {
      setDownloading(false);
    }
  };
  const submit = ({ code }: { code: string }) =>
    sign.mutate(
      { code, sha256: deal.contract.sha256 ?? '' },
      {
        onSuccess: () => {
          setOpen(false);
          void message.success('成交确认书已签署');
        },
      },
    );
  const canSign = deal.stage === 'signing';
  return (
    <section className="deal-card-section" data-testid="contract-card">
      <h2>成交确认书</h2>
      <p>
        编号 {deal.contract.no}
        {deal.contract.signedAt ? (
          <span className="deal-signed">
            {' '}
            · 已于 {beijing(deal.contract.signedAt)}{' '}
            {deal.paperContract?.status === 'accepted' ? '以纸质签署件签署' : '在线签署'}
          </span>
        ) : (
          <span className="muted"> · 尚未签署</span>
        )}
      </p>
      {deal.contract.sha256 && (
        <p className="muted deal-hash" title="成交确认书内容摘要（SHA-256）">
          内容摘要 {deal.contract.sha256}
        </p>
      )}
      <div className="deal-actions">
        <Button onClick={() => void download()} loading={downloading}>
          {/* Signed on paper: the signed copy is the buyer's scan; the PDF here carries no signature. */}
          {deal.contract.signedAt && deal.paperContract?.status !== 'accepted'
            ? '下载已签署的确认书'
            : '下载确认书（PDF）'}
        </Button>
        {canSign && (
          <Button type="primary" onClick={() => setOpen(true)}>
            在线签署
          </Button>
        )}
      </div>
      {(canSign || deal.paperContract) && (
        <Suspense fallback={null}>
          <PaperContract deal={deal} />
        </Suspense>
      )}
      <Modal
        open={open}
        title="在线签署成交确认书"
        okText="确认签署"
        cancelText="取消"
        okButtonProps={{ loading: sign.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>
          请先
          <Button type="link" size="small" onClick={() => void download()}>
            查看《车辆拍卖成交确认书》
          </Button>
          （PDF）。签署即表示您已阅读并同意确认书的全部内容：成交价、付款期限、提车与过户约定，以及逾期未付视为悔拍、保证金不予退还。
          签署以发送到您本人手机的验证码确认，平台记录签署时间、地址和确认书内容摘要。
        </p>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="read"
            valuePropName="checked"
            rules={[
              {
                validator: (_, v: boolean) =>
                  v ? Promise.resolve() : Promise.reject(new Error('请先阅读并同意确认书')),
              },
            ]}
          >
            {/* The document's link is above, not in this label: a click meant for the box never downloads. */}
            <Checkbox>我已阅读并同意签署《车辆拍卖成交确认书》</Checkbox>
          </Form.Item>
          <Form.Item
            label={sentTo ? `验证码（已发送至 ${sentTo}）` : '短信验证码'}
            required
            extra={sentTo ? undefined : '验证码将发送到您注册的手机号'}
          >
            <div className="deal-code-row">
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, message: '请输入验证码' },
                  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
                ]}
              >
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  placeholder="6位验证码"
                  autoComplete="one-time-code"
                />
              </Form.Item>
              <SendCodeButton
                onSend={async () => {
                  const r = await sendCode.mutateAsync();
                  setSentTo(r.tel);
                }}
              />
            </div>
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
