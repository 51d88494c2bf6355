import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FormValues = Record<string, string | boolean>;
type Values = FormValues;
/** A field's rule: the message to show, or null. It sees every value (cross-field rules). */
export type Rules<V extends Values> = { [K in keyof V]?: (value: V[K], values: V) => string | null };

/** What a text input needs to be bound to a field, labelled by its `Field` and described by its message. */
export interface TextBinding {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** `set`, `validate`, `reset` and `id` are the same functions from one render to the next. */
export interface PlainForm<V extends Values> {
  values: V;
  errors: Partial<Record<keyof V, string>>;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /**
   * Checks the named fields (every field with a rule when none are named), shows their messages and
   * moves the focus to the first field in error; true when all pass.
   */
  validate: (names?: Array<keyof V>) => boolean;
  /** Puts fields back to the given values and forgets their messages. */
  reset: (values: Partial<V>) => void;
  id: (name: keyof V) => string;
  /** The ids of what describes a field: its message when shown, and a hint when it has one. */
  describedBy: (name: keyof V, hint?: boolean) => string | undefined;
  text: (name: keyof V, options?: { hint?: boolean; required?: boolean }) => TextBinding;
}

/**
 * A form without antd (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md), validating as
 * antd's Form did: a field is checked from its first change on, and every field already checked
 * is checked again whenever any value changes (a confirmation follows its password); submitting
 * checks them all.
 */
export function usePlainForm<V extends Values>(initial: V, rules: NoInfer<Rules<V>>): PlainForm<V> {
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  // What the handlers read, so that they stay the same functions from render to render.
  const current = useRef(values);
  const checked = useRef(new Set<keyof V>());
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const actions = useMemo(() => {
    const id = (name: keyof V) => `${prefix}-${String(name)}`;
    const messagesFor = (all: V) => {
      const out: Partial<Record<keyof V, string>> = {};
      for (const n of checked.current) {
        const message = rulesRef.current[n]?.(all[n], all);
        if (message) out[n] = message;
      }
      return out;
    };
    const show = (next: V) => {
      current.current = next;
      setValues(next);
      const found = messagesFor(next);
      setErrors(found);
      return found;
    };
    return {
      id,
      set: <K extends keyof V>(name: K, value: V[K]) => {
        checked.current.add(name);
        show({ ...current.current, [name]: value });
      },
      validate: (names?: Array<keyof V>) => {
        const targets = names ?? Object.keys(rulesRef.current);
        for (const n of targets) checked.current.add(n);
        const found = show(current.current);
        const first = targets.find((n) => found[n]);
        if (first === undefined) return true;
        document.getElementById(id(first))?.focus();
        return false;
      },
      reset: (to: Partial<V>) => {
        for (const n of Object.keys(to)) checked.current.delete(n);
        show({ ...current.current, ...to });
      },
    };
  }, [prefix]);

  const describedBy = (name: keyof V, hint = false) =>
    [errors[name] ? `${actions.id(name)}-error` : '', hint ? `${actions.id(name)}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const text = (name: keyof V, options: { hint?: boolean; required?: boolean } = {}): TextBinding => ({
    id: actions.id(name),
    name: String(name),
    value: String(values[name] ?? ''),
    onChange: (e) => actions.set(name, e.target.value as V[keyof V]),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(name, options.hint),
    ...(options.required ? { 'aria-required': true } : {}),
  });

  return { values, errors, ...actions, describedBy, text };
}

/**
 * A plain form's submit: `check` first (e.g. `() => form.validate()`), then `run`, the form busy
 * until it settles. A failure has been shown by the request layer already, so it ends here.
 */
export function usePlainSubmit(check: () => boolean, run: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    setBusy(true);
    const done = () => setBusy(false);
    void run().then(done, done);
  };
  return { busy, onSubmit };
}
