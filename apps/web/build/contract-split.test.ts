// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { parseAst, transformWithEsbuild } from 'vite';
import { describe, expect, it } from 'vitest';
import { ContractShapeError, PART_QUERY, splitContract, type Node } from './contract-split';

const parse = (code: string) => parseAst(code) as unknown as Node;
const dir = path.resolve(import.meta.dirname, '../../../packages/shared/src/contracts');
const contractFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

async function splitFile(file: string) {
  const js = await transformWithEsbuild(fs.readFileSync(path.join(dir, file), 'utf8'), file, {
    loader: 'ts',
  });
  return splitContract(js.code, parse, path.join(dir, file));
}
const routeOf = (source: string) => vm.runInNewContext(`(${source})`) as Record<string, unknown>;
const isEndpoint = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'input' in v && 'output' in v;

describe('contract split for the web bundle', () => {
  // Every contract file as it is today and as others add to it: each endpoint the module exports
  // comes out as its route data, equal to the real object without the schemas.
  it.each(contractFiles)('%s: every endpoint keeps its route data and loses its schemas', async (file) => {
    const real = (await import(path.join(dir, file))) as Record<string, unknown>;
    const endpoints = Object.entries(real).flatMap(([name, v]) =>
      isEndpoint(v) ? [[name, v] as const] : [],
    );
    const split = await splitFile(file);
    expect([...split.routes.keys()].sort()).toEqual(endpoints.map(([name]) => name).sort());
    for (const [name, endpoint] of endpoints) {
      const { input: _input, output: _output, ...route } = endpoint;
      expect(routeOf(split.routes.get(name)!), `${file} ${name}`).toEqual(route);
    }
    expect(split.main).not.toMatch(/\binput\b|\boutput\b/);
  });

  it.each(contractFiles)(
    '%s: the main module and every part parse, and parts import only parts that exist',
    async (file) => {
      const split = await splitFile(file);
      for (const code of [split.main, ...split.parts.values()]) {
        expect(() => parse(code)).not.toThrow();
        for (const [, part] of code.matchAll(new RegExp(`${PART_QUERY.replace('?', '\\?')}([\\w$]+)"`, 'g')))
          expect(split.parts.has(part!), `${file}: part ${part}`).toBe(true);
      }
    },
  );

  it('gives each declaration a module of its own, marks constants pure and passes re-exports through', () => {
    const code = [
      "import { z } from 'zod';",
      "import { endpoint } from './define';",
      "export * from './lot-enums';",
      'const text = (label) => z.string({ error: label });',
      "export const nameSchema = text('名字');",
      'export const unused = z.object({ name: nameSchema });',
      "export const save = endpoint({ method: 'POST', path: '/x/:id', auth: 'user', form: true, input: unused, output: z.null() });",
    ].join('\n');
    const split = splitContract(code, parse, '/p/contracts/x.ts');
    expect(split.main).toBe(
      [
        "export * from './lot-enums';",
        'export { nameSchema as nameSchema } from "/p/contracts/x.ts?contract-part=nameSchema";',
        'export { unused as unused } from "/p/contracts/x.ts?contract-part=unused";',
        "export const save = { method: 'POST', path: '/x/:id', auth: 'user', form: true };",
        '',
      ].join('\n'),
    );
    expect(split.parts.get('nameSchema')).toBe(
      [
        'import { text } from "/p/contracts/x.ts?contract-part=text";',
        "const nameSchema = /* @__PURE__ */ (() => (text('名字')))();",
        'export { nameSchema };',
        '',
      ].join('\n'),
    );
    expect(split.parts.get('text')).toContain("import { z as z } from 'zod';");
    expect(split.parts.get('unused')).toContain('/* @__PURE__ */ (() => (z.object({ name: nameSchema })))()');
  });

  it('puts declarations that use each other into one part', () => {
    const code =
      'export function even(n) { return n === 0 || odd(n - 1); }\nfunction odd(n) { return n !== 0 && even(n - 1); }';
    const split = splitContract(code, parse, '/p/contracts/x.ts');
    expect([...split.parts.keys()]).toEqual(['even']);
    expect(split.parts.get('even')).toContain('export { even, odd };');
  });

  it.each([
    [
      'a spread key',
      "export const a = endpoint({ ...base, method: 'GET', path: '/a', auth: 'public', input: s, output: s });",
    ],
    [
      'a path that is not a literal',
      "export const a = endpoint({ method: 'GET', path: P, auth: 'public', input: s, output: s });",
    ],
    [
      'an endpoint not exported',
      "const a = endpoint({ method: 'GET', path: '/a', auth: 'public', input: s, output: s });",
    ],
    [
      'an endpoint inside another value',
      "export const all = [endpoint({ method: 'GET', path: '/a', auth: 'public', input: s, output: s })];",
    ],
    ['code run at the top level', 'z.config({});'],
    [
      'a declaration that uses an endpoint',
      "export const a = endpoint({ method: 'GET', path: '/a', auth: 'public', input: s, output: s });\nexport const b = a.path;",
    ],
  ])('refuses %s, so the build stops instead of putting zod back', (_, code) => {
    expect(() => splitContract(code, parse, '/p/contracts/x.ts')).toThrow(ContractShapeError);
  });
});
