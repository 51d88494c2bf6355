import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** An external OIDC issuer for sellers' single sign-on; unset = the embedded provider at /oidc. */
  SSO_ISSUER: z.url({ error: 'SSO_ISSUER 须为 http(s) 地址' }).optional(),
  SSO_CLIENT_ID: z.string().min(1).default('chepai-mall'),
  /** Required with SSO_ISSUER; the embedded provider generates one when unset. */
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema> & { dataDir: string; webDist: string; publicUrl: string };

/** The only place that reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`配置项 ${first?.path.join('.') ?? ''} 无效：${first?.message ?? ''}`);
  }
  const env = parsed.data;
  if (env.SSO_ISSUER && !env.SSO_CLIENT_SECRET)
    throw new Error('配置项 SSO_CLIENT_SECRET 无效：设置 SSO_ISSUER 时必须同时设置');
  const here = path.dirname(new URL(import.meta.url).pathname);
  const repoRoot = path.resolve(here, '../../../..');
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const callerDir = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    dataDir: source.DATA_DIR ? path.resolve(callerDir, env.DATA_DIR) : path.join(repoRoot, 'data'),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../../web/dist')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
