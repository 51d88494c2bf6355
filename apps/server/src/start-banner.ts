import type { Env } from './config/env';
import type { DbDriver } from './db/client';
import { demoLogins } from './db/seed/index';

/** What `npm start` prints: where the mall is, and in development the demo logins. */
export function startBanner(env: Env, driver: DbDriver): string {
  // Demo credentials are never printed in production, whatever SEED_DEMO says.
  const showLogins = env.SEED_DEMO === 'true' && env.NODE_ENV !== 'production';
  // Sample sellers and staff exist only at the embedded identity provider (SSO_ISSUER unset).
  const logins = showLogins ? demoLogins.filter((d) => d.kind === 'buyer' || !env.SSO_ISSUER) : [];
  const lines = [
    '',
    `  车拍商城已启动：${env.publicUrl}`,
    `  数据库：${driver === 'pglite' ? `嵌入式 PostgreSQL (PGlite) ${env.dataDir}` : 'PostgreSQL 服务器 (DATABASE_URL)'}`,
    `  单点登录：${env.SSO_ISSUER ? env.SSO_ISSUER : `内置认证服务 ${env.publicUrl}/oidc`}`,
    ...(logins.length
      ? [
          '  演示账号：',
          ...logins.map((d) => `    ${d.role}  ${d.login} / ${d.password}`),
          ...(logins.some((d) => d.kind === 'seller')
            ? [`  处置单位登录入口：${env.publicUrl}/login?type=2（统一认证页面输入上面的用户名和密码）`]
            : []),
          ...(logins.some((d) => d.kind === 'operator')
            ? [`  运营后台：${env.publicUrl}/console/（统一认证，运营人员账号同上）`]
            : []),
        ]
      : []),
    '',
  ];
  return lines.join('\n') + '\n';
}
