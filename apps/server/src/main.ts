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
// Sample sellers exist only at the embedded identity provider (SSO_ISSUER unset).
const logins = demoLogins.filter((d) => d.kind === 'buyer' || !env.SSO_ISSUER);
const lines = [
  '',
  `  车拍商城已启动：${env.publicUrl}`,
  `  数据库：${ctx.dbh.driver === 'pglite' ? `嵌入式 PostgreSQL (PGlite) ${env.dataDir}` : 'PostgreSQL 服务器 (DATABASE_URL)'}`,
  `  单点登录：${env.SSO_ISSUER ? env.SSO_ISSUER : `内置认证服务 ${env.publicUrl}/oidc`}`,
  ...(logins.length
    ? [
        '  演示账号：',
        ...logins.map((d) => `    ${d.role}  ${d.login} / ${d.password}`),
        ...(logins.some((d) => d.kind === 'seller')
          ? [`  处置单位登录入口：${env.publicUrl}/login?type=2（统一认证页面输入上面的用户名和密码）`]
          : []),
      ]
    : []),
  '',
];
process.stdout.write(lines.join('\n') + '\n');
