import { loadEnv } from './config/env';
import { buildApp } from './app';
import { boot } from './boot';
import { demoLogins } from './db/seed/index';
import { createLogger } from './lib/logger';

const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const ctx = await boot(env, log);
const app = await buildApp(ctx);

const shutdown = async (signal: string) => {
  log.info({ signal }, 'shutting down');
  await app.close();
  await ctx.dbh.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
const lines = [
  '',
  `  车拍商城已启动：${env.publicUrl}`,
  `  数据库：${ctx.dbh.driver === 'pglite' ? `嵌入式 PostgreSQL (PGlite) ${env.dataDir}` : 'PostgreSQL 服务器 (DATABASE_URL)'}`,
  ...(demoLogins.length
    ? ['  演示账号：', ...demoLogins.map((d) => `    ${d.role}  ${d.login} / ${d.password}`)]
    : []),
  '',
];
process.stdout.write(lines.join('\n') + '\n');
