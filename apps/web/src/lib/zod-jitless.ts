import { z } from 'zod';

// Imported first by main.tsx, before any contract module builds its schemas: the CSP forbids eval
// (apps/server/src/app.ts), and unless told it is jitless, zod probes `new Function` when it builds
// an object schema, which the browser reports as a CSP violation.
z.config({ jitless: true });
