import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { oidcModelRepo } from './oidc-model.repo';

/** Models whose rows carry a grant id, so that revoking a grant removes them all. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * oidc-provider's storage over our database (both drivers), so that several server processes
 * share sessions, interactions, codes and grants. The provider keeps its own clock (real time).
 */
export function oidcAdapterFactory(db: Kysely<Database>) {
  const repo = oidcModelRepo(db);
  let lastCleanup = 0;

  return class PgAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const now = Date.now();
      const expiresAt = expiresIn ? new Date(now + expiresIn * 1000) : null;
      await repo.upsert(this.model, id, payload, expiresAt, {
        grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: this.model === 'Session' ? (payload.uid ?? null) : null,
      });
      if (now - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = now;
        await repo.deleteExpired(new Date(now - 60_000));
      }
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string) {
      const found = await repo.find(this.model, column, value, new Date());
      if (!found) return undefined;
      const consumed = found.consumedAt ? { consumed: Math.floor(found.consumedAt.getTime() / 1000) } : {};
      return { ...found.payload, ...consumed } as AdapterPayload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }
    async consume(id: string) {
      await repo.consume(this.model, id, new Date());
    }
    async destroy(id: string) {
      await repo.destroy(this.model, id);
    }
    async revokeByGrantId(grantId: string) {
      await repo.revokeByGrantId(grantId);
    }
  };
}
