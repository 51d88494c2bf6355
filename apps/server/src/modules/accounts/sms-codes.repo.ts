import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A registration request for a number already registered: no code, but it counts against the address's cap. */
export const PROBE = 'registerProbe';

/** SQL for verification codes (sms_code). */
export function smsCodesRepo(db: Kysely<Database>) {
  return {
    /** One sender per number at a time, across processes (inside a transaction). */
    lockTel: (tel: string) => sql`select pg_advisory_xact_lock(hashtext(${`sms:${tel}`}))`.execute(db),

    /** When the latest real code (probes excluded) for this number was created. */
    lastSentAt: async (tel: string) =>
      (
        await db
          .selectFrom('sms_code')
          .select('created_at')
          .where('tel', '=', tel)
          .where('purpose', '!=', PROBE)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.created_at,

    /** Codes sent since `dayStart` to a number (probes excluded) or from an address (probes included). */
    async countSince(column: 'tel' | 'client_ip', value: string, dayStart: Date): Promise<number> {
      let q = db
        .selectFrom('sms_code')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(column, '=', value)
        .where('created_at', '>=', dayStart);
      if (column === 'tel') q = q.where('purpose', '!=', PROBE);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert: (values: {
      tel: string;
      purpose: string;
      code_hash: string;
      created_at: Date;
      expires_at: Date;
      consumed_at?: Date;
      client_ip: string;
    }) => db.insertInto('sms_code').values(values).execute(),

    latest: (tel: string, purpose: string) =>
      db
        .selectFrom('sms_code')
        .selectAll()
        .where('tel', '=', tel)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** Counts one wrong try; the attempts after it. */
    addAttempt: async (id: string) =>
      (
        await db
          .updateTable('sms_code')
          .set({ attempts: sql`attempts + 1` })
          .where('id', '=', id)
          .returning('attempts')
          .executeTakeFirstOrThrow()
      ).attempts,

    /** Uses a code up unless it already is or has run out of tries; false when it was not. */
    consume: async (id: string, now: Date, maxAttempts: number) =>
      Boolean(
        await db
          .updateTable('sms_code')
          .set({ consumed_at: now })
          .where('id', '=', id)
          .where('consumed_at', 'is', null)
          .where('attempts', '<', maxAttempts)
          .returning('id')
          .executeTakeFirst(),
      ),
  };
}
