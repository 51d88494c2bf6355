import { PASSWORD_MAX } from '@chepai/shared';
import { NEW_PASSWORD_HINT } from '@chepai/shared/domain/account-fields';
import { Form, Input, type FormRule } from 'antd';
import { sameAs } from '../lib/zod-rules';

/** A new password and its confirmation, as fields `password` and `confirm` of the enclosing form. */
export function NewPasswordFields({
  label,
  confirmLabel,
  placeholder,
  confirmPlaceholder,
  rules,
}: {
  label: string;
  confirmLabel: string;
  placeholder: string;
  confirmPlaceholder: string;
  /** The password's own rules (the form's schema); the confirmation must equal it. */
  rules: FormRule[];
}) {
  return (
    <>
      <Form.Item name="password" label={label} required rules={rules} extra={NEW_PASSWORD_HINT}>
        <Input.Password placeholder={placeholder} maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel}
        required
        dependencies={['password']}
        rules={[sameAs('password')]}
      >
        <Input.Password
          placeholder={confirmPlaceholder}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
