import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FormValues as Values, PlainForm, TextBinding } from './use-plain-form';
import './plain-form.css';

interface FieldProps<V extends Values> {
  form: PlainForm<V>;
  name: keyof V;
  label: string;
  required?: boolean;
  /** A line under the field saying what it needs (antd's `extra`). */
  hint?: ReactNode;
  /** The label is read aloud, not shown: a compact form whose placeholders say what goes where. */
  hideLabel?: boolean;
  children: (input: TextBinding) => ReactNode;
}

/**
 * A labelled field in the shell's style (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md):
 * the label names the input, its message shows under it as soon as the value breaks a rule, and
 * the input is marked invalid and described by the message.
 */
export function Field<V extends Values>({
  form,
  name,
  label,
  required,
  hint,
  hideLabel,
  children,
}: FieldProps<V>) {
  return (
    <FieldFrame
      id={form.id(name)}
      label={label}
      required={required}
      hint={hint}
      hideLabel={hideLabel}
      error={form.errors[name]}
    >
      {children(form.text(name, { hint: Boolean(hint), required }))}
    </FieldFrame>
  );
}

/**
 * A field's frame, whatever its form keeps: the label (naming the control `id`, or a group by
 * `${id}-label`), the control, its message and its hint, with the ids that describe the control.
 */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  hideLabel,
  group,
  className,
  error,
  announce = true,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** The control is a group (radios, two inputs): the label is text with an id, not a `label`. */
  group?: boolean;
  className?: string;
  error: string | undefined;
  /** The message is said aloud as it appears (false: one of many shown at once by a check). */
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className ? `plain-field ${className}` : 'plain-field'}>
      <div className={hideLabel ? 'sr-only' : 'plain-field-label'}>
        {required && !hideLabel ? (
          <span className="plain-required" aria-hidden="true">
            *
          </span>
        ) : null}
        {group ? <span id={`${id}-label`}>{label}</span> : <label htmlFor={id}>{label}</label>}
      </div>
      <div className="plain-field-control">
        {children}
        <FieldMessage id={id} error={error} announce={announce} />
        {hint ? (
          <div id={`${id}-hint`} className="plain-field-hint">
            {hint}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A field's message (antd's explain line), said aloud as it appears unless `announce` is false: a
 * form's check that shows many at once says so once and moves the focus to the first, whose message
 * is read with it (the control is described by it).
 */
export function FieldMessage({
  id,
  error,
  announce = true,
}: {
  id: string;
  error: string | undefined;
  announce?: boolean;
}) {
  return error ? (
    <div id={`${id}-error`} className="plain-field-message" role={announce ? 'alert' : undefined}>
      {error}
    </div>
  ) : null;
}

interface ChoiceProps<V extends Values> {
  form: PlainForm<V>;
  name: keyof V;
  label: string;
  options: Array<{ value: string; label: string; disabled?: boolean }>;
}

/** One of a few choices as radio buttons drawn like antd's solid button group. */
export function ChoiceField<V extends Values>({ form, name, label, options }: ChoiceProps<V>) {
  const id = form.id(name);
  return (
    <div className="plain-field">
      <div className="plain-field-label">
        <span className="plain-required" aria-hidden="true">
          *
        </span>
        <span id={`${id}-label`}>{label}</span>
      </div>
      <div className="plain-field-control">
        <div className="plain-choices" role="radiogroup" aria-labelledby={`${id}-label`} aria-required>
          {options.map((o) => (
            <label key={o.value} className="plain-choice">
              <input
                type="radio"
                name={`${id}-choice`}
                value={o.value}
                checked={form.values[name] === o.value}
                disabled={o.disabled}
                onChange={() => form.set(name, o.value as V[keyof V])}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A password input with a button that shows what was typed (antd's Input.Password). */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  const [shown, setShown] = useState(false);
  return (
    <span className="plain-password">
      <input {...props} type={shown ? 'text' : 'password'} className="plain-input" />
      <button
        type="button"
        className="plain-password-toggle"
        aria-label="显示密码"
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown ? null : <path d="M4 20L20 4" />}
        </svg>
      </button>
    </span>
  );
}

/** A form's submit button (primary, large), disabled and marked busy while the form is sent. */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  /** More classes: `btn-block`, `form-submit`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className ? `btn btn-primary btn-large ${className}` : 'btn btn-primary btn-large'}
      disabled={busy}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}
