import type { OperatorRole } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for staff roles (docs/product.md#14-disposal-and-review). */
export function operatorRolesRepo(db: Kysely<Database>) {
  return {
    of: async (userId: string): Promise<OperatorRole[]> =>
      (
        await db
          .selectFrom('operator_role')
          .select('role')
          .where('user_id', '=', userId)
          .orderBy('role')
          .execute()
      ).map((r) => r.role),
    /** Replaces the user's roles with exactly these. */
    set: async (userId: string, roles: readonly OperatorRole[]) => {
      await db.deleteFrom('operator_role').where('user_id', '=', userId).execute();
      if (roles.length)
        await db
          .insertInto('operator_role')
          .values(roles.map((role) => ({ user_id: userId, role })))
          .execute();
    },
  };
}
