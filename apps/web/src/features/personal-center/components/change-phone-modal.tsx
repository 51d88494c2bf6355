import { accounts } from '@chepai/shared';
import { Form, Input, Modal, Steps } from 'antd';
import { useState } from 'react';
import { SendCodeButton } from '../../../components/send-code-button';
import { zodRule } from '../../../lib/zod-rules';
import { useProfileActions } from '../api/profile-api';
import { useFeedback } from '../../../components/feedback';

const schema = accounts.updateTelForm;

/** Change phone: a code to the current number first, then one to the new number. */
export function ChangePhoneModal({
  open,
  onClose,
  currentTel,
}: {
  open: boolean;
  onClose: () => void;
  currentTel: string;
}) {
  const [form] = Form.useForm();
  const { message } = useFeedback();
  const actions = useProfileActions();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep(0);
    form.resetFields();
    onClose();
  };
  const next = async () => {
    setBusy(true);
    try {
      if (step === 0) {
        const { oldCode } = (await form.validateFields(['oldCode'])) as { oldCode: string };
        await actions.checkOldTelCode(oldCode);
        setStep(1);
      } else {
        const v = (await form.validateFields(['tel', 'code'])) as { tel: string; code: string };
        const res = await actions.updateTel(
          schema.parse({ ...v, oldCode: form.getFieldValue('oldCode') as string }),
        );
        void message.success(`绑定手机已更换为 ${res.tel}`);
        close();
      }
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="更换绑定手机"
      open={open}
      onCancel={close}
      onOk={() => void next()}
      confirmLoading={busy}
      okText={step === 0 ? '下一步' : '确认更换'}
      cancelText="取消"
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: '验证原手机' }, { title: '绑定新手机' }]}
        style={{ margin: '8px 0 24px' }}
      />
      <Form form={form} layout="vertical">
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <Form.Item label={`原手机号 ${currentTel}`} required>
            <div className="code-row" style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="oldCode" noStyle rules={[zodRule(schema, 'oldCode')]}>
                <Input placeholder="请输入发送到原手机的验证码" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SendCodeButton onSend={actions.sendOldTelCode} />
            </div>
          </Form.Item>
        </div>
        {step === 1 ? (
          <>
            <Form.Item name="tel" label="新手机号" required rules={[zodRule(schema, 'tel')]}>
              <Input placeholder="请输入新手机号" maxLength={11} inputMode="numeric" />
            </Form.Item>
            <Form.Item label="短信验证码" required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="code" noStyle rules={[zodRule(schema, 'code')]}>
                  <Input placeholder="请输入发送到新手机的验证码" maxLength={6} inputMode="numeric" />
                </Form.Item>
                <SendCodeButton
                  onSend={async () => {
                    const { tel } = (await form.validateFields(['tel'])) as { tel: string };
                    return actions.sendNewTelCode(tel.trim());
                  }}
                />
              </div>
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
