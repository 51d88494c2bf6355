import * as shared from '@chepai/shared';
import type { Endpoint } from '@chepai/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeBuyer } from '../test/bidding-fixture';
import { seedSellers } from '../db/seed/sellers';
import { seedOperators } from '../db/seed/operators';
import { createListeningTestApp } from '../test/listening-app';
import { sellerKit } from '../test/seller-kit';
import { envelope, type TestApp } from '../test/test-app';

/** Every endpoint exported from @chepai/shared, by name. */
function allEndpoints(): Array<[string, Endpoint]> {
  const found: Array<[string, Endpoint]> = [];
  const isEndpoint = (v: unknown): v is Endpoint =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'input' in v && 'auth' in v;
  for (const [ns, mod] of Object.entries(shared)) {
    if (typeof mod !== 'object' || mod === null) continue;
    for (const [name, value] of Object.entries(mod))
      if (isEndpoint(value)) found.push([`${ns}.${name}`, value]);
  }
  return found;
}

/** The field names a schema reads, through objects, unions, pipes, optionals and defaults. */
function fieldsOf(schema: z.ZodType, seen = new Set<unknown>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { def?: Record<string, unknown> }).def ?? {};
  const walk = (s: unknown) => {
    if (s && typeof s === 'object') for (const f of fieldsOf(s as z.ZodType, seen)) out.add(f);
  };
  if (def.shape)
    for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
      out.add(key);
      walk(inner);
    }
  for (const k of ['in', 'out', 'innerType', 'schema', 'left', 'right', 'element']) walk(def[k]);
  if (Array.isArray(def.options)) def.options.forEach(walk);
  return out;
}

const NUL = 'a\u0000b';

describe('control characters in any string of any endpoint', () => {
  let t: TestApp & { baseUrl: string };
  // Each endpoint is called as a user it admits, so the input gate is what answers.
  const tokens = { buyer: '', seller: '', operator: '' };
  beforeAll(async () => {
    t = await createListeningTestApp();
    await seedSellers(t.ctx);
    tokens.buyer = (await makeBuyer(t)).token;
    tokens.seller = await sellerKit(t.baseUrl).token('lixiaomei');
    await seedOperators(t.ctx);
    tokens.operator = await sellerKit(t.baseUrl, { api: '/api/console', landing: '/console/' }).token(
      'yunying',
    );
  }, 90_000);
  afterAll(() => t.close());

  const endpoints = allEndpoints();
  it('covers every contract', () => expect(endpoints.length).toBeGreaterThan(30));

  it.each(endpoints)('%s refuses them with a Chinese 400, never a 500', async (_name, e) => {
    const params = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const fields = [...fieldsOf(e.input), 'unknownExtra'].filter((f) => !params.includes(f));
    const cases: Array<{ url: string; body?: Record<string, string> }> = [];
    const base = (over: Record<string, string> = {}) =>
      `/api${shared.fillPath(e.path, Object.fromEntries(params.map((p) => [p, over[p] ?? '1'])))}`;
    for (const p of params) cases.push({ url: base({ [p]: NUL }) });
    for (const f of fields) {
      for (const value of [NUL, '\u0007', 'ok\u001b[0m', '\u007f']) {
        cases.push(
          e.method === 'GET'
            ? { url: `${base()}?${new URLSearchParams({ [f]: value }).toString()}` }
            : { url: base(), body: { [f]: value } },
        );
      }
    }
    if (e.method === 'POST') cases.push({ url: base(), body: { nested: { deep: [NUL] } } as never });
    for (const c of cases) {
      const res = await t.app.inject({
        method: e.method,
        url: c.url,
        ...(c.body ? { payload: c.body } : {}),
        headers: {
          authorization:
            e.auth === 'seller' ? tokens.seller : e.auth === 'operator' ? tokens.operator : tokens.buyer,
        },
      });
      const answer = { url: c.url, body: c.body, status: res.statusCode, msg: envelope(res).msg };
      expect(answer).toMatchObject({ status: 400, msg: expect.stringMatching(/控制字符/) as unknown });
    }
  });
});
