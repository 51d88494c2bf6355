import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, JournalLineTable, JournalTable } from '../../db/schema';
import { inParts } from '../../lib/sql';

/** SQL for the ledger: journal headers (journal) and their lines (journal_line). */
export function ledgerRepo(db: Kysely<Database>) {
  return {
    /** Inserts journal headers; returns the ids inserted (one that exists is the idempotency key at work). */
    insertJournalsIfAbsent: async (values: Insertable<JournalTable>[]) =>
      (
        await inParts(values, (part) =>
          db
            .insertInto('journal')
            .values(part)
            .onConflict((oc) => oc.column('journal_id').doNothing())
            .returning('journal_id')
            .execute(),
        )
      ).map((r) => r.journal_id),

    insertLines: (values: Insertable<JournalLineTable>[]) =>
      inParts(values, (part) => db.insertInto('journal_line').values(part).execute()),

    journalExists: async (journalId: string) =>
      (await db
        .selectFrom('journal')
        .select('journal_id')
        .where('journal_id', '=', journalId)
        .executeTakeFirst()) !== undefined,

    balanceOf: async (account: string) =>
      Number(
        (
          await db
            .selectFrom('journal_line')
            .select(sql<string>`coalesce(sum(amount), 0)`.as('balance'))
            .where('account', '=', account)
            .executeTakeFirstOrThrow()
        ).balance,
      ),

    /** Sums per account over the lines of a lot's journals. */
    balancesOfLot: (lotId: string) =>
      db
        .selectFrom('journal_line')
        .select(['account', sql<string>`sum(amount)`.as('balance')])
        .where('lot_id', '=', lotId)
        .groupBy('account')
        .orderBy('account')
        .execute(),

    /** Sums per account over every account whose name starts with `prefix`. */
    balancesLike: (prefix: string) =>
      db
        .selectFrom('journal_line')
        .select(['account', sql<string>`sum(amount)`.as('balance')])
        .where('account', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        .groupBy('account')
        .orderBy('account')
        .execute(),

    journals: (where: { lotId: string } | { ref: string } | { journalIds: string[] }) => {
      let q = db.selectFrom('journal').selectAll().orderBy('at').orderBy('created_at').orderBy('journal_id');
      if ('lotId' in where) q = q.where('lot_id', '=', where.lotId);
      else if ('ref' in where) q = q.where('ref', '=', where.ref);
      else q = q.where('journal_id', 'in', where.journalIds.length ? where.journalIds : ['']);
      return q.execute();
    },

    linesOf: (journalIds: string[]) =>
      db
        .selectFrom('journal_line')
        .select(['journal_id', 'account', 'amount'])
        .where('journal_id', 'in', journalIds.length ? journalIds : [''])
        .orderBy('id')
        .execute(),
  };
}
