import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from '../../../components/plain/field';
import { beijingToday } from './dispose-rules';
import type { DisposeValues } from './form-model';
import type { ControlAria, DisposeForm } from './use-dispose-form';
import '../../../components/plain/plain-form.css';

/** A field's frame: its label, its control, its message and its hint (antd's Form.Item, plain). */
export function Item({
  form,
  name,
  label,
  required,
  hint,
  group,
  className,
  children,
}: {
  form: DisposeForm;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** The control is a group (radios, two inputs): the label names it by id instead of `for`. */
  group?: boolean;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}) {
  return (
    <FieldFrame
      id={form.id(name)}
      label={label}
      required={required}
      hint={hint}
      group={group}
      className={className}
      error={form.errors[name]}
      announce={form.announces(name)}
    >
      {children(form.aria(name, { hint: Boolean(hint), required }))}
    </FieldFrame>
  );
}

type TextKey = {
  [K in keyof DisposeValues]-?: NonNullable<DisposeValues[K]> extends string ? K : never;
}[keyof DisposeValues];
type NumberKey = {
  [K in keyof DisposeValues]-?: NonNullable<DisposeValues[K]> extends number ? K : never;
}[keyof DisposeValues];
type BoolKey = {
  [K in keyof DisposeValues]-?: NonNullable<DisposeValues[K]> extends boolean ? K : never;
}[keyof DisposeValues];

type Common = { form: DisposeForm; label: string; required?: boolean; hint?: ReactNode; className?: string };
type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'name' | 'className' | 'form'
>;

/** A line of text; `normalize` reshapes what is typed (a VIN in capitals, without spaces). */
export function TextItem({
  form,
  name,
  label,
  required,
  hint,
  className,
  normalize,
  deferCheck,
  ...input
}: Common &
  InputProps & {
    name: TextKey;
    normalize?: (s: string) => string;
    /** Not checked as it is typed: the page checks it once the typing pauses (the VIN). */
    deferCheck?: boolean;
  }) {
  return (
    <Item form={form} name={name} label={label} required={required} hint={hint} className={className}>
      {(aria) => (
        <input
          {...input}
          {...aria}
          className="plain-input"
          value={form.values[name] ?? ''}
          onChange={(e) =>
            form.set(
              { [name]: normalize ? normalize(e.target.value) : e.target.value },
              deferCheck ? [] : undefined,
            )
          }
        />
      )}
    </Item>
  );
}

/** Several lines of text, with how many characters are left. */
export function TextAreaItem({
  form,
  name,
  label,
  maxLength,
  placeholder,
  rows,
}: Common & { name: TextKey; maxLength: number; placeholder?: string; rows: number }) {
  const value = form.values[name] ?? '';
  return (
    <Item form={form} name={name} label={label}>
      {(aria) => (
        <div className="plain-textarea">
          <textarea
            {...aria}
            className="plain-input"
            rows={rows}
            maxLength={maxLength}
            placeholder={placeholder}
            value={value}
            onChange={(e) => form.set({ [name]: e.target.value })}
          />
          <span className="plain-textarea-count" aria-hidden="true">
            {value.length} / {maxLength}
          </span>
        </div>
      )}
    </Item>
  );
}

/** A whole number between 0 and `max`; anything but digits is dropped as it is typed. */
export function NumberItem({
  form,
  name,
  label,
  required,
  max,
  placeholder,
}: Common & { name: NumberKey; max: number; placeholder?: string }) {
  const value = form.values[name];
  return (
    <Item form={form} name={name} label={label} required={required}>
      {(aria) => (
        <input
          {...aria}
          className="plain-input"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={value == null ? '' : String(value)}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, String(max).length);
            form.set({ [name]: digits ? Math.min(Number(digits), max) : undefined });
          }}
        />
      )}
    </Item>
  );
}

/** One of a list, as the browser's own select (on a phone, its own picker). */
export function SelectItem({
  form,
  name,
  label,
  required,
  options,
  placeholder = '请选择',
  disabled,
  onPick,
}: Common & {
  name: TextKey;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  disabled?: boolean;
  /** Called instead of setting the value alone: a choice that clears or fills other fields. */
  onPick?: (value: string | undefined) => void;
}) {
  return (
    <Item form={form} name={name} label={label} required={required}>
      {(aria) => (
        <select
          {...aria}
          className="plain-input plain-native-select"
          value={form.values[name] ?? ''}
          disabled={disabled}
          onChange={(e) => {
            const value = e.target.value || undefined;
            if (onPick) onPick(value);
            else form.set({ [name]: value });
          }}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Item>
  );
}

/** A few choices as buttons (antd's solid radio group): text values, or yes and no. */
export function ChoiceItem<K extends TextKey | BoolKey>({
  form,
  name,
  label,
  required,
  options,
  className,
}: Common & { name: K; options: ReadonlyArray<{ value: NonNullable<DisposeValues[K]>; label: string }> }) {
  return (
    <Item form={form} name={name} label={label} required={required} group className={className}>
      {(aria) => (
        <div
          className="plain-choices"
          role="radiogroup"
          id={aria.id}
          tabIndex={-1}
          aria-labelledby={`${aria.id}-label`}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          aria-required={required}
        >
          {options.map((o) => (
            <label key={String(o.value)} className="plain-choice">
              <input
                type="radio"
                name={aria.id}
                checked={form.values[name] === o.value}
                onChange={() => form.set({ [name]: o.value })}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      )}
    </Item>
  );
}

/**
 * A date as 'YYYY-MM-DD' text, so a draft keeps it as typed, through the browser's own date input
 * (a phone's date wheel); `past` allows today and earlier, `future` today and later.
 */
export function DateInput({
  value,
  onChange,
  past,
  future,
  aria,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  past?: boolean;
  future?: boolean;
  aria: ControlAria;
}) {
  const today = beijingToday();
  return (
    <input
      {...aria}
      type="date"
      className="plain-input"
      value={value ?? ''}
      min={future ? today : undefined}
      max={past ? today : undefined}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

/** A date field of the form (初次登记日期, 年检到期日 …). */
export function DateItem({
  form,
  name,
  label,
  required,
  past,
  future,
}: Common & { name: TextKey; past?: boolean; future?: boolean }) {
  return (
    <Item form={form} name={name} label={label} required={required}>
      {(aria) => (
        <DateInput
          aria={aria}
          value={form.values[name]}
          past={past}
          future={future}
          onChange={(v) => form.set({ [name]: v })}
        />
      )}
    </Item>
  );
}
