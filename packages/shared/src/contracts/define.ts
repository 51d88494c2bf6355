import type { z } from 'zod';
import type { Role } from './common';

export type HttpMethod = 'GET' | 'POST';

/** Who may call an endpoint: anyone, any logged-in user of the mall, one mall role, or platform staff. */
export type EndpointAuth = 'public' | 'user' | Role | 'operator';

/**
 * What platform staff may do (docs/product.md#14-disposal-and-review); admin may do everything.
 * editor publishes the mall's content (docs/decisions/060-console-content.md).
 */
export const OPERATOR_ROLES = ['reviewer', 'scheduler', 'finance', 'editor', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * One endpoint, declared once. `input` validates path params, query and body merged into one
 * object; `output` describes `data` of the `{code, msg, data}` envelope.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path under /api, with `:name` params, e.g. `/mall-auction/home/support/:id`. */
  path: string;
  input: I;
  output: O;
  auth: EndpointAuth;
  /** With auth 'operator': the roles allowed (admin always is); omitted means any operator. */
  operatorRoles?: readonly OperatorRole[];
  /** Sent form-encoded by the web client (GETs always are). */
  form?: boolean;
}

export const endpoint = <I extends z.ZodType, O extends z.ZodType>(e: Endpoint<I, O>): Endpoint<I, O> => e;

export type EndpointInput<E> = E extends Endpoint<infer I, z.ZodType> ? z.input<I> : never;
export type EndpointOutput<E> = E extends Endpoint<z.ZodType, infer O> ? z.output<O> : never;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Fills `:name` params of a contract path. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) =>
    encodeURIComponent(String((params[name] as string | number | undefined) ?? '')),
  );
}
