import type { Env } from './config/env';
import type { DbDriver } from './db/client';
import { demoLogins } from './db/seed/index';

/** What `npm start` prints: where the mall is, and in development the demo logins. */
export function startBanner(env: Env, driver: DbDriver): string {
  // Demo credentials are never printed in production, whatever SEED_DEMO says.
  const showLogins = env.SEED_DEMO === 'true' && env.NODE_ENV !== 'production' && demoLogins.length > 0;
  const lines = [
    '',
    `  车拍商城已启动：${env.publicUrl}`,
    `  数据库：${driver === 'pglite' ? `嵌入式 PostgreSQL (PGlite) ${env.dataDir}` : 'PostgreSQL 服务器 (DATABASE_URL)'}`,
    ...(showLogins
      ? ['  演示账号：', ...demoLogins.map((d) => `    ${d.role}  ${d.login} / ${d.password}`)]
      : []),
    '',
  ];
  return lines.join('\n') + '\n';
}
