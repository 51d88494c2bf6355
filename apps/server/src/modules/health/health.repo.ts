import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The database round trip behind the health check. */
export function healthRepo(db: Kysely<Database>) {
  return {
    ping: () => sql`select 1`.execute(db),
  };
}
