import { PASSWORD_MAX, PASSWORD_MIN } from '@chepai/shared';
import { Form, Input, type FormRule } from 'antd';
import { sameAs } from '../lib/zod-rules';

/** What a new password must hold (pattern A, see docs/decisions/001-password-patterns.md). */
export const PASSWORD_HINT = `${PASSWORD_MIN}-${PASSWORD_MAX}位，须同时包含数字、小写字母和大写字母`;

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
      <Form.Item name="password" label={label} required rules={rules} extra={PASSWORD_HINT}>
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
