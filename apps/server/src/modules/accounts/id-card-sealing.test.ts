import { idCardCheckChar } from '@chepai/shared';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { migrationsWith } from '../../db/migrations/index';
import { createTestDb } from '../../test/test-app';
import { loadDataCrypto } from '../../platform/crypto/data-key';
import { ID_CARD_CONTEXT } from './id-card-vault';

const idNo = (n: number) => {
  const first17 = `1101051980010${String(n).padStart(4, '0')}`;
  return first17 + idCardCheckChar(first17);
};

let created: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  created = await createTestDb();
});
afterAll(() => created.drop());

describe('migration 009: ID card numbers sealed at rest', () => {
  it('seals existing rows, drops the plain column and keeps uniqueness through the blind index', async () => {
    const { db } = created.dbh;
    // Back to before the migration, with rows as they were stored then (plain text).
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrationsWith({}) },
      allowUnorderedMigrations: true,
    });
    const down = await migrator.migrateTo('008-listing-keys');
    expect(down.error).toBeUndefined();
    const plain = Array.from({ length: 1203 }, (_, i) => idNo(i + 1)); // more than two batches
    await sql`
      insert into app_user (role, tel, real_name, id_card_no)
      select 'buyer', '139' || lpad(n::text, 8, '0'), '测试', v
      from unnest(${plain}::text[]) with ordinality as t(v, n)`.execute(db);
    await sql`insert into app_user (role, real_name) values ('seller', '无身份证')`.execute(db);

    const applied = await migrateToLatest(db);
    expect(applied).toContain('010-seal-id-cards');

    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'app_user'`.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('id_card_no');

    const rows = await db
      .selectFrom('app_user')
      .select(['tel', 'id_card_sealed', 'id_card_index', 'role'])
      .orderBy('id')
      .execute();
    const crypto = await loadDataCrypto(db);
    const buyers = rows.filter((r) => r.role === 'buyer');
    expect(buyers).toHaveLength(plain.length);
    for (const [i, r] of buyers.entries()) {
      expect(r.id_card_sealed).not.toContain(plain[i]);
      expect(crypto.open(r.id_card_sealed!, ID_CARD_CONTEXT)).toBe(plain[i]);
      expect(r.id_card_index).toBe(crypto.blindIndex(plain[i]!, ID_CARD_CONTEXT));
    }
    expect(rows.find((r) => r.role === 'seller')).toMatchObject({
      id_card_sealed: null,
      id_card_index: null,
    });
    const dump = JSON.stringify(rows);
    expect(plain.some((p) => dump.includes(p))).toBe(false);

    // The unique index now sits on the blind index: a second buyer with the same number is refused.
    await expect(
      db
        .insertInto('app_user')
        .values({
          role: 'buyer',
          real_name: '重复',
          id_card_sealed: crypto.seal(plain[0]!, ID_CARD_CONTEXT),
          id_card_index: crypto.blindIndex(plain[0]!, ID_CARD_CONTEXT),
        })
        .execute(),
    ).rejects.toThrow(/app_user_id_card_uq|duplicate|unique/i);
  });

  it('migrates back down to plain text and up again', async () => {
    const { db } = created.dbh;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrationsWith({}) },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateTo('008-listing-keys')).error).toBeUndefined();
    const back = await sql<{ id_card_no: string }>`
      select id_card_no from app_user where role = 'buyer' order by id limit 1`.execute(db);
    expect(back.rows[0]?.id_card_no).toBe(idNo(1));
    await migrateToLatest(db);
    const again = await db
      .selectFrom('app_user')
      .select('id_card_sealed')
      .where('role', '=', 'buyer')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await loadDataCrypto(db)).open(again.id_card_sealed!, ID_CARD_CONTEXT)).toBe(idNo(1));
  });
});
