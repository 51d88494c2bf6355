import { sql, type Kysely } from 'kysely';
import type { OperatorRole } from '@chepai/shared';
import type { Database } from '../../db/schema';

const startKey = sql<string>`'starting:' || (extract(epoch from lot.start_time) * 1000)::bigint`;
const startedKey = sql<string>`'started:' || (extract(epoch from lot.start_time) * 1000)::bigint`;

/** SQL of the time-driven alerts: which lots are due one, claiming it once, who hears of it. */
export function alertsRepo(db: Kysely<Database>) {
  return {
    /** Lots in preview or registration that start within `horizon` and have not been announced. */
    startingSoon: (now: Date, horizonMs: number, limit: number) =>
      db
        .selectFrom('lot')
        .select(['lot.id', 'lot.title', 'lot.start_time', startKey.as('alert_key')])
        .where('lot.status', 'in', [0, 2])
        .where('lot.start_time', '>', now)
        .where('lot.start_time', '<=', new Date(now.getTime() + horizonMs))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('lot_alert')
                .select('lot_alert.lot_id')
                .whereRef('lot_alert.lot_id', '=', 'lot.id')
                .where('lot_alert.kind', '=', startKey),
            ),
          ),
        )
        .orderBy('lot.start_time')
        .limit(limit)
        .execute(),
    /** Submitted lots whose bidding started (within the last day) and whose seller has not heard. */
    started: (now: Date, limit: number) =>
      db
        .selectFrom('lot')
        .innerJoin('auction_order as o', 'o.id', 'lot.id')
        .select(['lot.id', 'lot.title', 'lot.end_time', 'o.submitted_by', startedKey.as('alert_key')])
        .where('lot.status', 'in', [3, 4])
        .where('lot.start_time', '<=', now)
        .where('lot.start_time', '>', new Date(now.getTime() - 86_400_000))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('lot_alert')
                .select('lot_alert.lot_id')
                .whereRef('lot_alert.lot_id', '=', 'lot.id')
                .where('lot_alert.kind', '=', startedKey),
            ),
          ),
        )
        .limit(limit)
        .execute(),
    /** Claims an alert: true for exactly one caller across processes (its transaction must commit). */
    claim: async (lotId: string, kind: string, now: Date) =>
      (
        await db
          .insertInto('lot_alert')
          .values({ lot_id: lotId, kind, at: now })
          .onConflict((oc) => oc.columns(['lot_id', 'kind']).doNothing())
          .returning('lot_id')
          .execute()
      ).length > 0,
    watchers: async (lotId: string) =>
      (await db.selectFrom('lot_watch').select('user_id').where('lot_id', '=', lotId).execute()).map(
        (r) => r.user_id,
      ),
    /** Staff holding any of these roles (admin holds every role). */
    operators: async (roles: OperatorRole[]) =>
      (
        await db
          .selectFrom('operator_role')
          .select('user_id')
          .distinct()
          .where('role', 'in', [...roles, 'admin' as const])
          .execute()
      ).map((r) => r.user_id),
    lotTitle: async (lotId: string) =>
      (await db.selectFrom('lot').select('title').where('id', '=', lotId).executeTakeFirst())?.title ?? null,
  };
}
