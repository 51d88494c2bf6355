import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { createTestDb } from '../../test/test-app';
import { accounts } from './accounts';
import { balanceOf, balancesLike, balancesOfLot, journalsOf, postJournal, UnbalancedJournal } from './ledger';

let dbh: DbHandle;
let drop: () => Promise<void>;
const at = new Date('2026-11-20T02:00:00Z');

beforeAll(async () => {
  ({ dbh, drop } = await createTestDb());
});
afterAll(() => drop());

const post = (journalId: string, lines: Array<{ account: string; amount: number }>, lotId = '901') =>
  dbh.db
    .transaction()
    .execute((trx) =>
      postJournal(trx, { journalId, kind: 'payment', lotId, ref: `P-${journalId}`, memo: '测试', at, lines }),
    );

describe('ledger', () => {
  it('posts a balanced journal and answers balances per account and per lot', async () => {
    expect(
      await post('j1', [
        { account: accounts.provider, amount: 500_000 },
        { account: accounts.buyerDeposit('7'), amount: -500_000 },
      ]),
    ).toBe(true);
    expect(await balanceOf(dbh.db, accounts.provider)).toBe(500_000);
    expect(await balanceOf(dbh.db, accounts.buyerDeposit('7'))).toBe(-500_000);
    expect(await balancesOfLot(dbh.db, '901')).toEqual({
      'buyer:7:deposit': -500_000,
      'clearing:provider': 500_000,
    });
    expect(await balancesLike(dbh.db, 'buyer:7:')).toEqual({ 'buyer:7:deposit': -500_000 });
    const [journal] = await journalsOf(dbh.db, { lotId: '901' });
    expect(journal).toMatchObject({ journalId: 'j1', kind: 'payment', ref: 'P-j1', lotId: '901' });
    expect(journal?.lines).toEqual([
      { account: 'clearing:provider', amount: 500_000 },
      { account: 'buyer:7:deposit', amount: -500_000 },
    ]);
  });

  it('is idempotent: a second post of the same journal id writes nothing', async () => {
    const again = await post('j1', [
      { account: accounts.provider, amount: 999 },
      { account: accounts.buyerDeposit('7'), amount: -999 },
    ]);
    expect(again).toBe(false);
    expect(await balanceOf(dbh.db, accounts.provider)).toBe(500_000);
    const count = await dbh.db
      .selectFrom('journal_line')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('journal_id', '=', 'j1')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('concurrent posts of the same journal write it once', async () => {
    const lines = [
      { account: accounts.provider, amount: 100 },
      { account: accounts.buyerFee, amount: -100 },
    ];
    const results = await Promise.all([post('race', lines), post('race', lines), post('race', lines)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(dbh.db, accounts.buyerFee)).toBe(-100);
  });

  it('refuses an unbalanced, fractional or one-line journal and writes nothing', async () => {
    await expect(
      post('bad1', [
        { account: accounts.provider, amount: 100 },
        { account: accounts.buyerFee, amount: -99 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedJournal);
    await expect(
      post('bad2', [
        { account: accounts.provider, amount: 0.5 },
        { account: accounts.buyerFee, amount: -0.5 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedJournal);
    await expect(
      post('bad3', [
        { account: accounts.provider, amount: 100 },
        { account: accounts.provider, amount: -100 },
      ]),
    ).rejects.toBeInstanceOf(UnbalancedJournal);
    const heads = await dbh.db
      .selectFrom('journal')
      .select('journal_id')
      .where('journal_id', 'like', 'bad%')
      .execute();
    expect(heads).toEqual([]);
  });

  it('the database refuses an unbalanced line set and any change to a posted line', async () => {
    await expect(
      dbh.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('journal')
          .values({ journal_id: 'raw', kind: 'payment', memo: 'x', at })
          .execute();
        await trx
          .insertInto('journal_line')
          .values({
            journal_id: 'raw',
            kind: 'payment',
            account: accounts.provider,
            amount: 5,
            memo: 'x',
            at,
          })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`update journal_line set amount = 1 where journal_id = 'j1'`.execute(dbh.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_line where journal_id = 'j1'`.execute(dbh.db)).rejects.toThrow(
      /append-only/,
    );
  });
});
