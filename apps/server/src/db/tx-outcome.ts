import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * A transaction whose COMMIT was sent but not answered (the connection broke): it may or may not
 * have committed. Work in it must not be retried, and nothing in it may be acknowledged.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(override readonly cause: unknown) {
    super('commit outcome unknown', { cause });
    this.name = 'CommitOutcomeUnknown';
  }
}

/**
 * An ERROR answered by the database (both drivers carry PostgreSQL's severity): the statement, or
 * the COMMIT it answered, failed and the transaction is rolled back. FATAL and PANIC end the
 * connection and are not taken as proof.
 */
export function isErrorResponse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { severity?: unknown }).severity === 'ERROR';
}

/**
 * Runs `work` in a transaction and tells a failure that certainly rolled back (thrown as is) from
 * one whose COMMIT may have gone through (thrown as CommitOutcomeUnknown).
 */
export async function transactionWithOutcome<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let committing = false;
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await work(trx);
      committing = true;
      return result;
    });
  } catch (err) {
    throw committing && !isErrorResponse(err) ? new CommitOutcomeUnknown(err) : err;
  }
}

/**
 * One statement that commits on its own (no transaction around it): an ERROR answer means it did not
 * commit (thrown as is); any other failure (the connection broke while it ran) may have come after its
 * commit (thrown as CommitOutcomeUnknown).
 */
export async function statementWithOutcome<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isErrorResponse(err) ? err : new CommitOutcomeUnknown(err);
  }
}
