import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `read` in a read-only transaction at REPEATABLE READ: every statement of it sees the database
 * as of its first, so rows written together by another transaction are seen together or not at all.
 * For a page assembled from several reads (a deal and its receipts, say).
 */
export function readSnapshot<T>(db: Kysely<Database>, read: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction isolation level repeatable read, read only`.execute(trx);
    return read(trx);
  });
}
