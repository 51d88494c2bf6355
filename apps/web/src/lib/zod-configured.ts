import { z } from 'zod';

// The web's zod, imported in place of 'zod' by every module of the bundle (build/zod-on-demand.ts):
// configured before any schema is built, and only on pages that use zod.
// Every validation message a user may see is Chinese, as packages/shared/src/index.ts has it.
z.config(z.locales.zhCN());
// The CSP forbids eval (apps/server/src/app.ts): unless told it is jitless, zod probes
// `new Function` when it builds an object schema, which the browser reports as a CSP violation.
z.config({ jitless: true });

export * from 'zod';
