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
});

export type Env = z.infer<typeof schema> & {
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
  const here = path.dirname(new URL(import.meta.url).pathname);
  const repoRoot = path.resolve(here, '../../../..');
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const callerDir = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    dataDir: source.DATA_DIR ? path.resolve(callerDir, env.DATA_DIR) : path.join(repoRoot, 'data'),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../../web/dist')),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    callerDir,
  };
}
