import fs from 'node:fs';
import { transformWithEsbuild, type Plugin } from 'vite';
import { ContractShapeError, PART_QUERY, splitContract, type Node, type Parse } from './contract-split';

// The web needs only an endpoint's route data (method, path, auth, form) to call it; its types come
// from the TypeScript source, which stays as it is. This plugin gives the web's bundle each contract
// module of packages/shared/src/contracts split by ./contract-split.ts: route objects without the
// zod schemas, and one module per other declaration, so that zod and a schema load only with the
// page that validates with it (docs/decisions/032-contract-routes-in-the-web-bundle.md).

/** The files split: the contract modules of the shared package. */
export const CONTRACT_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/;

export function contractRoutes(): Plugin[] {
  /** Parts of every split file, by file. */
  const split = new Map<string, Map<string, string>>();

  const run = (code: string, file: string, parse: Parse) => {
    const result = splitContract(code, parse, file);
    split.set(file, result.parts);
    return result.main;
  };

  const parts: Plugin = {
    name: 'chepai:contract-parts',
    // Before Vite's resolver and file loader, which would read the whole file for a part's id.
    enforce: 'pre',
    resolveId(source) {
      const [file = ''] = source.split(PART_QUERY);
      // A part is a declaration without side effects: Rollup may drop any that nothing uses.
      if (source.includes(PART_QUERY) && CONTRACT_FILE.test(file))
        return { id: source, moduleSideEffects: false };
      return null;
    },
    async load(id) {
      const [file = '', part] = id.split(PART_QUERY);
      if (part === undefined || !CONTRACT_FILE.test(file)) return null;
      if (!split.get(file)?.has(part)) {
        // A part asked for before its file (the dev server after an edit): split the file now.
        const js = await transformWithEsbuild(fs.readFileSync(file, 'utf8'), file, { loader: 'ts' });
        run(js.code, file, (c) => this.parse(c) as unknown as Node);
      }
      const code = split.get(file)?.get(part);
      if (code === undefined) this.error(`${file}: no declaration ${part}`);
      return { code, moduleSideEffects: false };
    },
  };
  const routes: Plugin = {
    name: 'chepai:contract-routes',
    // After Vite's own TypeScript transform: the split reads JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (id.includes('?') || !CONTRACT_FILE.test(id)) return null;
      try {
        return { code: run(code, id, (c) => this.parse(c) as unknown as Node), map: null };
      } catch (e) {
        if (e instanceof ContractShapeError) this.error(e.message);
        throw e;
      }
    },
  };
  return [parts, routes];
}
