import { confirmProblem } from '@chepai/shared/domain/account-fields';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * antd rules from the shared zod schema: the whole form is parsed with the very schema the server
 * uses, and the first issue on this field is shown while the user types.
 */
export function zodRule(
  schema: z.ZodType,
  field: string,
  transform?: (values: Record<string, unknown>) => Record<string, unknown>,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(true) as Record<string, unknown>;
      const result = await schema.safeParseAsync(transform ? transform(values) : values);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** The confirm-password rule: must equal `field`. */
export function sameAs(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const problem = confirmProblem(
        typeof value === 'string' ? value : '',
        String(getFieldValue(field) ?? ''),
      );
      if (problem) throw new Error(problem);
    },
  });
}

/**
 * The same check for a plain form (components/plain/use-plain-form.ts): the whole form is parsed
 * with the server's schema, and the first issue on this field is its message.
 */
export function zodProblem(schema: z.ZodType, field: string) {
  return (_value: unknown, values: Record<string, unknown>): string | null => {
    const result = schema.safeParse(values);
    return result.success ? null : (result.error.issues.find((i) => i.path[0] === field)?.message ?? null);
  };
}
