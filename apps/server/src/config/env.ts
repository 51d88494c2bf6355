import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless the operator opens it on purpose (docs/deploy.md).
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  WS_PER_ADDRESS: z.coerce.number().int().min(0).default(50),
  WS_PER_USER: z.coerce.number().int().min(0).default(10),
  TRUST_PROXY: z.string().default('false'),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
});

type Parsed = z.infer<typeof schema>;
export type Env = Omit<Parsed, 'SEED_DEMO' | 'PAYMENT_PROVIDER' | 'TRUST_PROXY'> & {
  /** Demo data: on in development and tests unless `SEED_DEMO=false`, off in production unless `true`. */
  SEED_DEMO: 'true' | 'false';
  /** The sandbox pays without money: on outside production, in production only when stated. */
  PAYMENT_PROVIDER: 'sandbox' | 'none';
  TRUST_PROXY: TrustProxy;
  dataDir: string;
  webDist: string;
  publicUrl: string;
  /** The directory the command was started from (npm runs workspace scripts inside the workspace). */
  callerDir: string;
};

/** The only place that reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`配置项 ${first?.path.join('.') ?? ''} 无效：${first?.message ?? ''}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const here = path.dirname(new URL(import.meta.url).pathname);
  // src/config/env.ts when run from source, dist/server.js when compiled (apps/server/scripts/build.mjs).
  const serverRoot = path.basename(here) === 'dist' ? path.resolve(here, '..') : path.resolve(here, '../..');
  const repoRoot = path.resolve(serverRoot, '../..');
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const callerDir = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? (production ? 'false' : 'true'),
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (production ? 'none' : 'sandbox'),
    TRUST_PROXY: parseTrustProxy(env.TRUST_PROXY),
    dataDir: source.DATA_DIR ? path.resolve(callerDir, env.DATA_DIR) : path.join(repoRoot, 'data'),
    webDist: path.resolve(env.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    callerDir,
  };
}
