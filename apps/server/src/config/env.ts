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
  CONSOLE_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  WS_PER_ADDRESS: z.coerce.number().int().min(0).default(50),
  WS_PER_USER: z.coerce.number().int().min(0).default(10),
  TRUST_PROXY: z.string().default('false'),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** A user's outbid notice of a lot is written at most once per this window, 0: at every outbid (decision 046). */
  OUTBID_NOTICE_WINDOW_MS: z.coerce.number().int().min(0).default(1000),
  /** How far the heap may grow past what a full collection kept before the next, in percent; 0: V8's own (decision 063). */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(200),
  /** 32 bytes (64 hex digits or base64); unset: a key generated at first start, kept in the database. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, '应为 32 字节：64 位十六进制或 base64')
    .optional(),
  /** Uploaded files go to S3-compatible object storage when S3_BUCKET is set, else under DATA_DIR/files. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** An external OIDC issuer for sellers' single sign-on; unset = the embedded provider at /oidc. */
  SSO_ISSUER: z.url({ error: 'SSO_ISSUER 须为 http(s) 地址' }).optional(),
  SSO_CLIENT_ID: z.string().min(1).default('chepai-mall'),
  /** Required with SSO_ISSUER; the embedded provider generates one when unset. */
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  /** The operator console's client at the same issuer (docs/product.md#14-disposal-and-review). */
  SSO_CONSOLE_CLIENT_ID: z.string().min(1).default('chepai-console'),
  /** With SSO_ISSUER: the console's sign-in answers 503 until it is set. */
  SSO_CONSOLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * With SSO_ISSUER: which issuer subjects are staff and their roles,
   * e.g. `3f2a…:reviewer+scheduler,9bc1…:admin`. Unlisted subjects cannot sign in to the console.
   */
  CONSOLE_OPERATORS: z.string().default(''),
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
  consoleDist: string;
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
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('配置项 S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置');
  }
  if (env.SSO_ISSUER && !env.SSO_CLIENT_SECRET)
    throw new Error('配置项 SSO_CLIENT_SECRET 无效：设置 SSO_ISSUER 时必须同时设置');
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
    consoleDist: path.resolve(env.CONSOLE_DIST ?? path.join(serverRoot, '../console/dist')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    callerDir,
  };
}
