import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb, pglitePool } from './test-app';

// A test file's database on PGlite may be an instance another file used and handed back emptied
// (test-app.ts). What that file did must not show: rows, identities, session state, listeners.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('a PGlite test database handed on to the next file', () => {
  it('is as empty as a fresh one, with its session reset, and is the same instance', async () => {
    const first = await createTestDb();
    const db = first.dbh.db;
    const firstId = (
      await sql<{
        id: string;
      }>`insert into hot_keyword (word_name) values ('宝马') returning id::text`.execute(db)
    ).rows[0]!.id;
    await sql`insert into hot_keyword (word_name) values ('奥迪')`.execute(db);
    // The audit log refuses truncation (a trigger): emptying it is the hard case.
    await sql`with op as (insert into app_user (role, real_name, tel) values ('operator', '测试', '13800000001') returning id)
              insert into audit_log (operator_id, operator_name, action, target_type) select id, '测试', 'probe', 'probe' from op`.execute(
      db,
    );
    await sql`insert into app_secret (name, value) values ('probe_secret', 'x')`.execute(db);
    const imageSecrets = await sql<{ name: string; value: string }>`select name, value from app_secret
      where name <> 'probe_secret' order by name`.execute(db);
    let heard = 0;
    await first.dbh.listen('test_app_probe', () => heard++);
    await sql`select pg_advisory_lock(42)`.execute(db);
    await sql`set statement_timeout = 1234`.execute(db);
    const started = pglitePool.starts;
    await first.drop();

    const second = await createTestDb();
    try {
      const next = second.dbh.db;
      expect(pglitePool.starts, 'the instance was handed on, not started anew').toBe(started);
      const counts = await sql<{ name: string; n: number }>`
        select c.relname as name,
               (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text::int as n
        from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = 'public' and c.relkind = 'r' and c.relname not like 'kysely_migration%'`.execute(
        next,
      );
      expect(counts.rows.length).toBeGreaterThan(50);
      expect(counts.rows.filter((r) => r.n > 0 && r.name !== 'app_secret')).toEqual([]);
      // The image's two RSA keys stay (made once a run, decision 061); what the file added goes.
      const secrets = await sql<{
        name: string;
        value: string;
      }>`select name, value from app_secret order by name`.execute(next);
      expect(secrets.rows).toEqual(imageSecrets.rows);
      expect(secrets.rows.map((r) => r.name)).toEqual(['oidc_signing_jwk', 'rsa_private_key']);
      const again = (
        await sql<{
          id: string;
        }>`insert into hot_keyword (word_name) values ('宝马') returning id::text`.execute(next)
      ).rows[0]!.id;
      expect(again, 'identities restart').toBe(firstId);
      const session = await sql<{ path: string; timeout: string; channels: number; locks: number }>`
        select current_setting('search_path') as path, current_setting('statement_timeout') as timeout,
               (select count(*)::int from pg_listening_channels()) as channels,
               (select count(*)::int from pg_locks where locktype = 'advisory') as locks`.execute(next);
      expect(session.rows[0]).toEqual({ path: 'public', timeout: '0', channels: 0, locks: 0 });
      await second.dbh.notify('test_app_probe', 'x');
      await new Promise((r) => setTimeout(r, 50));
      expect(heard, 'the first file’s listener is gone').toBe(0);
    } finally {
      await second.drop();
    }
  });

  it('is started anew after a file that changed the schema', async () => {
    const first = await createTestDb();
    await sql`create table test_app_probe (a int)`.execute(first.dbh.db);
    const idle = pglitePool.idle();
    await first.drop();
    expect(pglitePool.idle(), 'the changed instance was closed, not kept').toBe(idle);
    const second = await createTestDb();
    try {
      const probe = await sql<{ t: string | null }>`select to_regclass('test_app_probe')::text as t`.execute(
        second.dbh.db,
      );
      expect(probe.rows[0]!.t).toBeNull();
    } finally {
      await second.drop();
    }
  });
});
