import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client';
import { createTestDb } from '../test/test-app';
import { CommitOutcomeUnknown, isErrorResponse, transactionWithOutcome } from './tx-outcome';

let dbh: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => ({ dbh, drop } = await createTestDb()));
afterAll(() => drop());

describe('transactionWithOutcome', () => {
  it('passes a failed statement through as an ERROR: the transaction certainly rolled back', async () => {
    const err = await transactionWithOutcome(dbh.db, async (trx) => {
      await sql`select 1 / 0`.execute(trx);
    }).catch((e: unknown) => e);
    expect(isErrorResponse(err)).toBe(true);
    expect(err).not.toBeInstanceOf(CommitOutcomeUnknown);
  });

  it('passes a COMMIT answered with an ERROR through as is (a deferred constraint fails)', async () => {
    await sql`create table tx_outcome_probe (id int primary key deferrable initially deferred)`.execute(
      dbh.db,
    );
    await sql`insert into tx_outcome_probe values (1)`.execute(dbh.db);
    const err = await transactionWithOutcome(dbh.db, async (trx) => {
      await sql`insert into tx_outcome_probe values (1)`.execute(trx);
    }).catch((e: unknown) => e);
    expect(isErrorResponse(err)).toBe(true);
    expect(err).not.toBeInstanceOf(CommitOutcomeUnknown);
    const rows = await sql<{ n: number }>`select count(*)::int as n from tx_outcome_probe`.execute(dbh.db);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'calls a COMMIT whose connection broke an unknown outcome, never a plain failure',
    async () => {
      // The server ends the session while the transaction idles before its COMMIT.
      const err = await transactionWithOutcome(dbh.db, async (trx) => {
        await sql`set local idle_in_transaction_session_timeout = 100`.execute(trx);
        await new Promise((r) => setTimeout(r, 600));
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CommitOutcomeUnknown);
    },
  );
});
