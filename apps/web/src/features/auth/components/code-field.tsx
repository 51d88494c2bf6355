import { Form, Input, type FormInstance, type FormRule } from 'antd';
import { SendCodeButton } from '../../../components/send-code-button';

interface Props {
  form: FormInstance;
  rules: FormRule[];
  /** Validates the phone field first, then sends. */
  send: (tel: string) => Promise<unknown>;
  telField?: string;
  name?: string;
  label?: string;
}

/** A 6-digit code input with its send button; the phone is validated before anything is sent. */
export function CodeField({ form, rules, send, telField = 'tel', name = 'code', label }: Props) {
  return (
    <Form.Item label={label} required={Boolean(label)} style={{ marginBottom: 24 }}>
      <div className="code-row">
        <Form.Item name={name} rules={rules} noStyle={false} validateFirst>
          <Input
            placeholder="请输入6位验证码"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SendCodeButton
          onSend={async () => {
            const values = (await form.validateFields([telField])) as Record<string, string>;
            return send(String(values[telField] ?? '').trim());
          }}
        />
      </div>
    </Form.Item>
  );
}
