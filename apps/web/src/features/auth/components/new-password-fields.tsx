import { PASSWORD_MAX } from '@chepai/shared';
import { confirmProblem, NEW_PASSWORD_HINT, newPasswordProblem } from '@chepai/shared/domain/account-fields';
import { Field, PasswordInput } from '../../../components/plain/field';
import { usePlainForm, type FormValues, type PlainForm } from '../../../components/plain/use-plain-form';

type PasswordValues = FormValues & { password: string; confirm: string };

/** The rules of a new password (pattern A) and its confirmation. */
export const newPasswordRules = {
  password: (v: string) => newPasswordProblem(v),
  confirm: (v: string, all: { password: string }) => confirmProblem(v, all.password),
};

/** A form of just a new password and its confirmation (找回密码's second step). */
export const useNewPasswordForm = () => usePlainForm({ password: '', confirm: '' }, newPasswordRules);

/** A new password and its confirmation, as fields `password` and `confirm` of the form. */
export function NewPasswordFields<V extends PasswordValues>({
  form,
  label,
  confirmLabel,
  placeholder,
  confirmPlaceholder,
}: {
  form: PlainForm<V>;
  label: string;
  confirmLabel: string;
  placeholder: string;
  confirmPlaceholder: string;
}) {
  return (
    <>
      <Field form={form} name="password" label={label} required hint={NEW_PASSWORD_HINT}>
        {(input) => (
          <PasswordInput
            {...input}
            placeholder={placeholder}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field form={form} name="confirm" label={confirmLabel} required>
        {(input) => (
          <PasswordInput
            {...input}
            placeholder={confirmPlaceholder}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
        )}
      </Field>
    </>
  );
}
