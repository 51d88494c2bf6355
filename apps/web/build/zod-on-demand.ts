import path from 'node:path';
import type { Plugin } from 'vite';

// zod's configuration (Chinese messages, no eval under the CSP) ran in the entry, so every first
// load carried zod's locale and config code (about 5 KiB gzip) although most pages build no schema.
// In the web's bundle every `import … from 'zod'` gets src/lib/zod-configured.ts instead, which
// configures zod and re-exports it: the configuration comes with the first module that uses zod,
// before that module's schemas are built. The shared index's own `z.config` (the server's and the
// tests') is left out of the bundle (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).

const SHARED_INDEX = /[\\/]packages[\\/]shared[\\/]src[\\/]index\.ts$/;
/** What the shared index says to configure zod; the build stops if it says it differently. */
const INDEX_LINES = ["import { z } from 'zod';", 'z.config(z.locales.zhCN());'];

export function zodOnDemand(webRoot: string): Plugin {
  const configured = path.join(webRoot, 'src/lib/zod-configured.ts');
  return {
    name: 'chepai:zod-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || path.resolve(importer.split('?')[0] ?? '') === configured)
        return null;
      return configured;
    },
    transform(code, id) {
      if (!SHARED_INDEX.test(id)) return null;
      let out = code;
      for (const line of INDEX_LINES) {
        if (!out.includes(line)) this.error(`${id}: expected \`${line}\` (see build/zod-on-demand.ts)`);
        out = out.replace(line, '');
      }
      return { code: out, map: null };
    },
  };
}
