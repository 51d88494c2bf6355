import { OPERATOR_ROLES, type OperatorRole } from '@chepai/shared';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import type { SsoClient } from '../../platform/sso/sso-clients';
import { ssoFlow } from '../../platform/sso/sso-flow';
import { operatorRolesRepo } from '../accounts/operator-roles.repo';
import type { Sessions } from '../accounts/sessions';
import { writeAudit } from './audit';
import { consoleRepo } from './console.repo';

export const NOT_STAFF = '该账号未开通运营后台权限，请联系平台管理员';

/** Only paths inside the console are followed after sign-in. */
export function consolePath(raw: string | undefined): string {
  if (!raw || !raw.startsWith('/console/') || raw.includes('//') || raw.includes('\\')) return '/console/';
  return raw;
}

/** `subject:role+role,…` → subject → roles; unknown role names are refused at start. */
export function parseOperatorList(text: string): Map<string, OperatorRole[]> {
  const map = new Map<string, OperatorRole[]>();
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [subject, roles = ''] = item.split(':');
    const list = roles.split('+').map((r) => r.trim());
    if (!subject || !list.every((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r)))
      throw new Error(`配置项 CONSOLE_OPERATORS 无效：${item}`);
    map.set(subject.trim(), list);
  }
  return map;
}

/**
 * Staff sign-in (docs/product.md#14-disposal-and-review): the same issuer as sellers, the console's
 * own client. With the embedded provider, staff and their roles are the seeded ones; with an
 * external issuer, CONSOLE_OPERATORS says which subjects are staff and what they may do (applied
 * at every sign-in, so removing a subject or a role takes effect at its next sign-in; sessions of
 * removed staff are refused by the role check on every call).
 */
export function consoleLoginService(ctx: AppContext, deps: { sso: SsoClient; sessions: Sessions }) {
  const flow = ssoFlow(ctx, deps.sso.rp, consolePath);
  const repo = consoleRepo(ctx.dbh.db);
  const roles = operatorRolesRepo(ctx.dbh.db);
  const configured = ctx.env.SSO_ISSUER ? parseOperatorList(ctx.env.CONSOLE_OPERATORS) : null;

  return {
    start: (redirect: string | undefined) => flow.start(redirect),

    async callback(
      input: { code: string; state: string; iss?: string | undefined },
      browserToken: string | null,
      ip: string,
      userAgent: string,
    ) {
      const { identity, redirect } = await flow.finish(input, browserToken, ip);
      let user = await repo.operatorByIdentity(deps.sso.provider, identity.subject);
      if (configured) {
        const granted = configured.get(identity.subject);
        if (!granted) throw forbidden(NOT_STAFF);
        user ??= await repo.createOperator(
          deps.sso.provider,
          identity.subject,
          identity.name || '运营人员',
          identity.phone,
        );
        await roles.set(user.id, granted);
      }
      if (!user) throw forbidden(NOT_STAFF);
      const mine = await roles.of(user.id);
      if (!mine.length) throw forbidden(NOT_STAFF);
      const now = ctx.now();
      await repo.recordLogin(user.id, identity.name, now);
      const token = await deps.sessions.create(user.id, ip, userAgent);
      const name = identity.name || user.real_name;
      await writeAudit(
        ctx.dbh.db,
        { id: user.id, name, ip, userAgent },
        {
          action: 'login',
          targetType: 'operator',
          targetId: user.id,
        },
      );
      return { token, operator: { operatorId: user.id, name, roles: mine }, redirect };
    },
  };
}
