import { z } from 'zod';
import type { Endpoint } from './define';

/** C0 controls except tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL outright. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHAR_MESSAGE = '内容含有不允许的控制字符，请删除后重试';

/** The path of the first string (value or key) holding a control character, anywhere in `value`. */
export function findControlChar(
  value: unknown,
  path: Array<string | number> = [],
): Array<string | number> | null {
  // One path, pushed and popped on the way down and copied only when something is found: every
  // request's input passes here, and a clean one allocates nothing.
  const at = [...path];
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return CONTROL.test(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        at.push(i);
        if (walk(v[i])) return true;
        at.pop();
      }
      return false;
    }
    if (v && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        if (CONTROL.test(key)) return true;
        at.push(key);
        if (walk((v as Record<string, unknown>)[key])) return true;
        at.pop();
      }
    }
    return false;
  };
  return walk(value) ? at : null;
}

/**
 * Parses an endpoint's input. Every string of every contract passes here first, so a control
 * character is refused once, with one Chinese message, before any field rule or query sees it.
 */
export function parseInput<E extends Endpoint>(e: E, raw: unknown): z.output<E['input']> {
  const at = findControlChar(raw);
  if (at) throw new z.ZodError([{ code: 'custom', path: at, message: CONTROL_CHAR_MESSAGE, input: raw }]);
  return e.input.parse(raw) as z.output<E['input']>;
}
