import { Field } from '../../../components/plain/field';
import { CodeInput } from '../../../components/plain/send-code-button';
import type { FormValues, PlainForm } from '../../../components/plain/use-plain-form';

interface Props<V extends FormValues & { tel: string; code: string }> {
  form: PlainForm<V>;
  /** Sends a code to the number; called only once the phone field passes. */
  send: (tel: string) => Promise<unknown>;
  label: string;
  hideLabel?: boolean;
}

/** A 6-digit code input with its send button; the phone is validated before anything is sent. */
export function CodeField<V extends FormValues & { tel: string; code: string }>({
  form,
  send,
  label,
  hideLabel,
}: Props<V>) {
  return (
    <Field form={form} name="code" label={label} required hideLabel={hideLabel}>
      {(input) => (
        <CodeInput
          input={input}
          onSend={async () => {
            if (!form.validate(['tel'])) throw new Error('手机号不正确');
            return send(form.values.tel.trim());
          }}
        />
      )}
    </Field>
  );
}
