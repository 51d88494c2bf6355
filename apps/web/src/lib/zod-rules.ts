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
export function sameAs(field: string, message = '两次输入的密码不一致'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error('请再次输入密码');
      if (value !== getFieldValue(field)) throw new Error(message);
    },
  });
}
