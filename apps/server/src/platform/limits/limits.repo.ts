import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the shared counters and leases (PostgreSQL backend of platform/limits). */
export function limitsRepo(db: Kysely<Database>) {
  return {
    /** One more in the fixed window of `key`; a window past its reset starts again at 1. */
    async hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
      const resetAt = new Date(now.getTime() + windowMs);
      const row = await db
        .insertInto('limit_counter')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when limit_counter.reset_at <= ${now} then 1 else limit_counter.count + 1 end`,
            reset_at: sql`case when limit_counter.reset_at <= ${now} then ${resetAt} else limit_counter.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: row.count, resetAt: new Date(row.reset_at) };
    },
    async get(key: string, now: Date): Promise<{ count: number; resetAt: Date } | null> {
      const row = await db
        .selectFrom('limit_counter')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return row ? { count: row.count, resetAt: new Date(row.reset_at) } : null;
    },
    async clear(key: string) {
      await db.deleteFrom('limit_counter').where('key', '=', key).execute();
    },
    async sweep(now: Date) {
      await db.deleteFrom('limit_counter').where('reset_at', '<=', now).execute();
      await db.deleteFrom('limit_lease').where('expires_at', '<=', now).execute();
    },

    /** Takes a lease under every key, or none when any key is at its cap (one transaction, keys locked). */
    acquire: (entries: Array<{ key: string; cap: number }>, member: string, ttlMs: number, now: Date) =>
      db.transaction().execute(async (trx) => {
        for (const { key } of [...entries].sort((a, b) => a.key.localeCompare(b.key)))
          await sql`select pg_advisory_xact_lock(hashtext(${`lease:${key}`}))`.execute(trx);
        for (const { key, cap } of entries) {
          const row = await trx
            .selectFrom('limit_lease')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('key', '=', key)
            .where('expires_at', '>', now)
            .executeTakeFirstOrThrow();
          if (Number(row.n) >= cap) return false;
        }
        const expires = new Date(now.getTime() + ttlMs);
        await trx
          .insertInto('limit_lease')
          .values(entries.map(({ key }) => ({ key, member, expires_at: expires })))
          .onConflict((oc) => oc.columns(['key', 'member']).doUpdateSet({ expires_at: expires }))
          .execute();
        return true;
      }),
    async renew(members: string[], ttlMs: number, now: Date) {
      if (!members.length) return;
      await db
        .updateTable('limit_lease')
        .set({ expires_at: new Date(now.getTime() + ttlMs) })
        .where('member', 'in', members)
        .execute();
    },
    async release(member: string) {
      await db.deleteFrom('limit_lease').where('member', '=', member).execute();
    },
  };
}
