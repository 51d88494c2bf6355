import { sql, type Kysely, type Migration } from 'kysely';
import { idCardVault, ID_CARD_CONTEXT } from '../../modules/accounts/id-card-vault';
import { loadDataCrypto } from '../../platform/crypto/data-key';
import type { Database } from '../schema';
import type { MigrationOptions } from './options';

const BATCH = 500;

async function hasColumn(db: Kysely<unknown>, column: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.columns
    where table_schema = current_schema() and table_name = 'app_user' and column_name = ${column}`.execute(
    db,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * ID card numbers leave plain text: each row gets the number sealed (AES-256-GCM) and a keyed
 * hash for the one-account-per-number rule, then the plain column is dropped. The data key is
 * only loaded (or generated) when there are rows to seal.
 */
export function sealIdCards(options: MigrationOptions): Migration {
  return {
    async up(db) {
      await sql`alter table app_user add column id_card_sealed text, add column id_card_index text`.execute(
        db,
      );
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from app_user where id_card_no is not null`.execute(db);
      if ((rows[0]?.n ?? 0) > 0) {
        const vault = idCardVault(await loadDataCrypto(db as Kysely<Database>, options.dataEncryptionKey));
        for (let after = '0'; ;) {
          const batch = await sql<{ id: string; id_card_no: string }>`
            select id::text as id, id_card_no from app_user
            where id_card_no is not null and id > ${after}::bigint order by id limit ${BATCH}`.execute(db);
          if (!batch.rows.length) break;
          const sealed = batch.rows.map((r) => ({ id: r.id, ...vault.columns(r.id_card_no) }));
          await sql`
            update app_user u set id_card_sealed = v.sealed, id_card_index = v.idx
            from unnest(${sealed.map((s) => s.id)}::bigint[], ${sealed.map((s) => s.id_card_sealed)}::text[],
                        ${sealed.map((s) => s.id_card_index)}::text[]) as v(id, sealed, idx)
            where u.id = v.id`.execute(db);
          after = batch.rows[batch.rows.length - 1]!.id;
        }
      }
      await sql`drop index if exists app_user_id_card_uq`.execute(db);
      await sql`create unique index app_user_id_card_uq on app_user (id_card_index) where id_card_index is not null and role = 'buyer'`.execute(
        db,
      );
      await sql`alter table app_user drop column id_card_no`.execute(db);
    },

    async down(db) {
      if (await hasColumn(db, 'id_card_no')) return;
      await sql`alter table app_user add column id_card_no text`.execute(db);
      const { rows } = await sql<{ id: string; id_card_sealed: string }>`
        select id::text as id, id_card_sealed from app_user where id_card_sealed is not null`.execute(db);
      if (rows.length) {
        const crypto = await loadDataCrypto(db as Kysely<Database>, options.dataEncryptionKey);
        for (const r of rows) {
          const plain = crypto.open(r.id_card_sealed, ID_CARD_CONTEXT);
          await sql`update app_user set id_card_no = ${plain} where id = ${r.id}::bigint`.execute(db);
        }
      }
      await sql`drop index if exists app_user_id_card_uq`.execute(db);
      await sql`create unique index app_user_id_card_uq on app_user (id_card_no) where id_card_no is not null and role = 'buyer'`.execute(
        db,
      );
      await sql`alter table app_user drop column id_card_sealed, drop column id_card_index`.execute(db);
    },
  };
}
