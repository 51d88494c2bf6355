import type { deals } from '@chepai/shared';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useSignCode, useSignContract } from '../../../api/deal-queries';
import { SendCodeButton } from '../../../components/send-code-button';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

/**
 * 在线签署成交确认书: the buyer confirms having read it and signs with a code sent to their own
 * phone. antd's Modal and Form, loaded when the dialog first opens (docs/decisions/057).
 */
export function ContractSignDialog({
  deal,
  open,
  onClose,
  onRead,
}: {
  deal: deals.DealView;
  open: boolean;
  onClose: () => void;
  /** Opens the document (the PDF). */
  onRead: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string; read: boolean }>();
  const sendCode = useSignCode(deal.orderId);
  const sign = useSignContract(deal.orderId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = ({ code }: { code: string }) =>
    mutateThen(sign, { code, sha256: deal.contract.sha256 ?? '' }, () => {
      onClose();
      void message.success('成交确认书已签署');
    });
  return (
    <Modal
      open={open}
      title="在线签署成交确认书"
      okText="确认签署"
      cancelText="取消"
      okButtonProps={{ loading: sign.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        请先
        <Button type="link" size="small" onClick={onRead}>
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
              <Input maxLength={6} inputMode="numeric" placeholder="6位验证码" autoComplete="one-time-code" />
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
  );
}
