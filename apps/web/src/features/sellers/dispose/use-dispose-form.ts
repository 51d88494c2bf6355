import { useId, useMemo, useRef, useState } from 'react';
import { docKey, keysOfStep, problemOf, type RuleContext } from './dispose-rules';
import type { DisposeValues, DocumentSlot } from './form-model';

/** What a control needs to be bound to its field: named by its label, described by its message. */
export interface ControlAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface DisposeForm {
  values: DisposeValues;
  /** The messages of the fields checked so far (from their first change, or a step's check). */
  errors: Record<string, string>;
  /**
   * Whether a field's message is said aloud as it appears: not for those a step's check showed all
   * at once (the check says so once and focuses the first), again once the seller changes the field.
   */
  announces: (key: string) => boolean;
  /** The values as they are now, between renders too (a save, an upload finishing). */
  current: () => DisposeValues;
  /** Changes values; the fields named (the patch's keys when none are) are checked from now on. */
  set: (patch: Partial<DisposeValues>, keys?: string[]) => void;
  /** Checks these fields from now on, without a change (a pause in typing). */
  touch: (keys: string[]) => void;
  /** Changes one part of a document's slot. */
  setDoc: (name: string, patch: Partial<DocumentSlot>) => void;
  /**
   * Replaces every value (a draft or a returned order loaded) and forgets what was checked. A
   * null is read as no value: antd's number inputs saved a cleared field as null in drafts.
   */
  load: (values: DisposeValues) => void;
  /**
   * Checks a step's fields, shows their messages and moves the focus to the first in error; true
   * when all pass.
   */
  validateStep: (step: number) => boolean;
  id: (key: string) => string;
  aria: (key: string, options?: { hint?: boolean; required?: boolean }) => ControlAria;
}

/**
 * The 我要处置 form's state without antd (docs/decisions/059-the-dispose-form-without-antd.md). It
 * validates as antd's Form did and as the plain form of the sign-in pages does: a field is checked
 * from its first change on, every field already checked is checked again on any change (a reserve
 * price follows the starting price), and a step's "next" checks all of the step's fields.
 */
export function useDisposeForm(
  initial: DisposeValues,
  context: RuleContext,
  onChange: () => void,
): DisposeForm {
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [quiet, setQuiet] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef(values);
  const contextRef = useRef(context);
  contextRef.current = context;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const actions = useMemo(() => {
    const id = (key: string) => `${prefix}-${key}`;
    const check = (keys: string[]) => {
      setChecked((c) => (keys.every((k) => c.has(k)) ? c : new Set([...c, ...keys])));
      setQuiet((q) => (keys.some((k) => q.has(k)) ? new Set([...q].filter((k) => !keys.includes(k))) : q));
    };
    const put = (next: DisposeValues) => {
      latest.current = next;
      setValues(next);
    };
    return {
      id,
      current: () => latest.current,
      set: (patch: Partial<DisposeValues>, keys?: string[]) => {
        put({ ...latest.current, ...patch });
        check(keys ?? Object.keys(patch));
        onChangeRef.current();
      },
      touch: check,
      setDoc: (name: string, patch: Partial<DocumentSlot>) => {
        const docs = latest.current.docs ?? {};
        put({ ...latest.current, docs: { ...docs, [name]: { ...docs[name], ...patch } } });
        check(Object.keys(patch).map((part) => docKey(name, part as 'files' | 'expiry')));
        onChangeRef.current();
      },
      load: (next: DisposeValues) => {
        put(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null)));
        setChecked(new Set());
        setQuiet(new Set());
      },
      validateStep: (step: number) => {
        const keys = keysOfStep(step, latest.current);
        setChecked((c) => (keys.every((k) => c.has(k)) ? c : new Set([...c, ...keys])));
        const failing = keys.filter((k) => problemOf(k, latest.current, contextRef.current));
        setQuiet(new Set(failing));
        if (!failing.length) return true;
        // The first in error as the page shows them; its message renders with the next commit.
        const [field] = failing
          .map((k) => document.getElementById(id(k)))
          .filter((el): el is HTMLElement => el !== null)
          .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        field?.focus();
        field?.scrollIntoView({ block: 'center' });
        return false;
      },
    };
  }, [prefix]);

  const errors: Record<string, string> = {};
  for (const key of checked) {
    const message = problemOf(key, values, context);
    if (message) errors[key] = message;
  }
  const aria = (key: string, options: { hint?: boolean; required?: boolean } = {}): ControlAria => ({
    id: actions.id(key),
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby':
      [errors[key] ? `${actions.id(key)}-error` : '', options.hint ? `${actions.id(key)}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    ...(options.required ? { 'aria-required': true } : {}),
  });
  return { values, errors, announces: (key) => !quiet.has(key), ...actions, aria };
}
