import { z } from 'zod';

// Imported first by main.tsx, before any contract builds its schemas: the server's CSP forbids eval,
// and unless told it is jitless zod probes `new Function` when it builds an object schema.
z.config({ jitless: true });
