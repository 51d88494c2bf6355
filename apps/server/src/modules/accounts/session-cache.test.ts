import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeBuyer } from '../../test/bidding-fixture';
import { SESSION_CACHE_MS, SESSION_REFRESH_MS } from './session-cache';
import { KEEP_WARM_MS, keepSessionsWarm, sessions } from './sessions';
import { sessionsRepo } from './sessions.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another server process on the same database: its own context, hence its own session cache. */
const otherProcess = (): AppContext => ({ ...t.ctx });

/** Another process whose statements through its database handle are counted. */
function countedProcess() {
  let statements = 0;
  const db = t.ctx.dbh.db.withPlugin({
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
  const ctx: AppContext = { ...t.ctx, dbh: { ...t.ctx.dbh, db } };
  return { ctx, statements: () => statements };
}

/**
 * A counted process's sessions, once its cache stores entries: that starts with its LISTEN, so a
 * fresh buyer's session is resolved until one is answered from the cache (no statement).
 */
async function listeningSessions() {
  const p = countedProcess();
  const s = sessions(p.ctx);
  const first = await makeBuyer(t);
  for (let before = -1; before !== p.statements();) {
    before = p.statements();
    await s.resolve(first.token);
  }
  return { p, s };
}

const sessionOf = (userId: string) =>
  t.ctx.dbh.db
    .selectFrom('user_session')
    .select(['id', 'last_seen_at'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/**
 * Resolves until the answer is null (a revocation travels by NOTIFY). Gives up after 10 s: well inside
 * the cache's 30 s lifetime, so a pass proves the notice ended it, not expiry; a busy machine gets room.
 */
async function revokedBeforeExpiry(resolve: () => Promise<unknown>) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if ((await resolve()) === null) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('session cache', () => {
  it('a logout in one process ends the session in the cache of another at once, not after the cache lifetime', async () => {
    const buyer = await makeBuyer(t);
    const a = sessions(otherProcess());
    const b = sessions(otherProcess());
    expect(await a.resolve(buyer.token)).toMatchObject({ id: buyer.id, role: 'buyer' });
    expect(await b.resolve(buyer.token)).toMatchObject({ id: buyer.id });
    // B now answers from its cache.
    expect(await b.resolve(buyer.token)).toMatchObject({ id: buyer.id });
    await a.revoke(buyer.token);
    expect(await a.resolve(buyer.token)).toBeNull();
    expect(await revokedBeforeExpiry(() => b.resolve(buyer.token))).toBe(true);
  });

  it('a password change (every session of the user) reaches the other process too', async () => {
    const buyer = await makeBuyer(t);
    const second = await sessions(t.ctx).create(buyer.id, '127.0.0.1');
    const b = sessions(otherProcess());
    expect(await b.resolve(buyer.token)).not.toBeNull();
    expect(await b.resolve(buyer.token)).not.toBeNull();
    expect(await b.resolve(second)).not.toBeNull();
    await sessions(otherProcess()).revokeAll(buyer.id);
    expect(await revokedBeforeExpiry(() => b.resolve(buyer.token))).toBe(true);
    expect(await b.resolve(second)).toBeNull();
  });

  it('trusts a resolved session for at most the cache lifetime, then reads it again', async () => {
    const buyer = await makeBuyer(t);
    const s = sessions(otherProcess());
    expect(await s.resolve(buyer.token)).not.toBeNull();
    expect(await s.resolve(buyer.token)).not.toBeNull();
    // Removed behind the cache's back (no revocation notice): still trusted within the lifetime…
    await t.ctx.dbh.db.deleteFrom('user_session').where('user_id', '=', buyer.id).execute();
    expect(await s.resolve(buyer.token)).not.toBeNull();
    // …and read again once it has passed.
    t.advance(SESSION_CACHE_MS + 1_000);
    expect(await s.resolve(buyer.token)).toBeNull();
    t.setNow(null);
  });

  it('reads a session in use again in the background before its lifetime ends, answering from the cache meanwhile', async () => {
    const buyer = await makeBuyer(t);
    const s = sessions(otherProcess());
    expect(await s.resolve(buyer.token)).not.toBeNull();
    await t.ctx.dbh.db.deleteFrom('user_session').where('user_id', '=', buyer.id).execute();
    // Not yet due: the cache answers and reads nothing.
    t.advance(SESSION_REFRESH_MS - 1_000);
    expect(await s.resolve(buyer.token)).not.toBeNull();
    // Due: this request is still answered from the cache, and a read starts behind it…
    t.advance(2_000);
    expect(await s.resolve(buyer.token)).not.toBeNull();
    // …which finds the session gone. The clock stands 21 s after the entry was cached, inside its
    // 30-s lifetime: only that read can end it.
    expect(await revokedBeforeExpiry(() => s.resolve(buyer.token))).toBe(true);
    t.setNow(null);
  });

  it('reads the sessions of requests that come together with one statement, each answer its own', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeBuyer(t)));
    const [revoked, ...live] = buyers as [(typeof buyers)[0], ...typeof buyers];
    await sessions(t.ctx).revoke(revoked.token);
    const { p, s } = await listeningSessions();
    const counted = p.statements();
    const statements = () => p.statements() - counted;
    const unknown = 'x'.repeat(43);
    const answers = await Promise.all([...buyers, { token: unknown }].map((b) => s.resolve(b.token)));
    expect(answers.map((a) => a?.id ?? null)).toEqual([null, ...live.map((b) => b.id), null]);
    expect(statements()).toBe(1);
    // Cached now: no statement.
    await Promise.all(live.map((b) => s.resolve(b.token)));
    expect(statements()).toBe(1);
    // All due for their background read together (they were cached together): one statement again,
    // and the cache answers meanwhile.
    t.advance(SESSION_REFRESH_MS + 1_000);
    const meanwhile = await Promise.all(live.map((b) => s.resolve(b.token)));
    expect(meanwhile.map((a) => a?.id)).toEqual(live.map((b) => b.id));
    for (const deadline = Date.now() + 5_000; statements() < 2 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(statements()).toBe(2);
    t.setNow(null);
  });

  it('writes the activity of sessions that fall due together with one statement', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeBuyer(t)));
    const { p, s } = await listeningSessions();
    await Promise.all(buyers.map((b) => s.resolve(b.token)));
    // A minute later every one is due for its activity write (once in 45–60 s), and past the cache's
    // lifetime: one read and one write for the twenty.
    const at = t.advance(61_000);
    const counted = p.statements();
    const answers = await Promise.all(buyers.map((b) => s.resolve(b.token)));
    expect(answers.map((a) => a?.id)).toEqual(buyers.map((b) => b.id));
    for (const deadline = Date.now() + 5_000; p.statements() - counted < 2 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(p.statements() - counted).toBe(2);
    const rows = await t.ctx.dbh.db
      .selectFrom('user_session')
      .select(['user_id', 'last_seen_at'])
      .where(
        'user_id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => new Date(r.last_seen_at).getTime())).toEqual(rows.map(() => at.getTime()));
    // A later time written by another process is not moved back.
    const later = new Date(at.getTime() + 5_000);
    await t.ctx.dbh.db
      .updateTable('user_session')
      .set({ last_seen_at: later })
      .where('user_id', '=', buyers[0]?.id ?? '')
      .execute();
    await sessionsRepo(t.ctx.dbh.db).touchMany([
      { sessionId: (await sessionOf(buyers[0]?.id ?? '')).id, at },
    ]);
    expect(new Date((await sessionOf(buyers[0]?.id ?? '')).last_seen_at).getTime()).toBe(later.getTime());
    t.setNow(null);
  });

  /** The connection's `synchronous_commit` as a statement on `db` sees it. */
  const synchronousCommit = async (db: Kysely<Database>) =>
    (await sql<{ v: string }>`select current_setting('synchronous_commit') as v`.execute(db)).rows[0]?.v;

  it('commits activity writes without waiting for the disk, and only those (decision 054)', async () => {
    const buyer = await makeBuyer(t);
    const session = await sessionOf(buyer.id);
    const at = new Date(Date.now() + 60_000);
    // Inside a transaction the statement's setting is seen after it: it holds for that commit alone.
    const setting = await t.ctx.dbh.db.transaction().execute(async (trx) => {
      await sessionsRepo(trx).touchMany([{ sessionId: session.id, at }]);
      return synchronousCommit(trx);
    });
    expect(setting).toBe('off');
    expect(new Date((await sessionOf(buyer.id)).last_seen_at).getTime()).toBe(at.getTime());
    expect(await synchronousCommit(t.ctx.dbh.db)).toBe('on');
  });

  it('keeps the sessions used in the last minutes read before their entries expire, with one statement', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => makeBuyer(t)));
    const [deleted, ...kept] = buyers as [(typeof buyers)[0], ...typeof buyers];
    const { p, s } = await listeningSessions();
    await Promise.all(buyers.map((b) => s.resolve(b.token)));
    await t.ctx.dbh.db.deleteFrom('user_session').where('user_id', '=', deleted.id).execute();
    // Not yet due: nothing is read.
    t.advance(SESSION_REFRESH_MS - 1_000);
    let counted = p.statements();
    expect(await keepSessionsWarm(p.ctx, t.ctx.now())).toBe(0);
    expect(p.statements()).toBe(counted);
    // Due: the eleven cached sessions are read again with one statement, and the deleted one is gone.
    t.advance(2_000);
    expect(await keepSessionsWarm(p.ctx, t.ctx.now())).toBe(11);
    expect(p.statements() - counted).toBe(1);
    expect(await s.resolve(deleted.token)).toBeNull();
    // Past the lifetime of the first read, the others still answer from the cache: no statement.
    t.advance(SESSION_CACHE_MS - SESSION_REFRESH_MS);
    counted = p.statements();
    const answers = await Promise.all(kept.map((b) => s.resolve(b.token)));
    expect(answers.map((a) => a?.id)).toEqual(kept.map((b) => b.id));
    expect(p.statements()).toBe(counted);
    // Unused for KEEP_WARM_MS: left to expire, not read.
    t.advance(KEEP_WARM_MS);
    expect(await keepSessionsWarm(p.ctx, t.ctx.now())).toBe(0);
    expect(p.statements()).toBe(counted);
    t.setNow(null);
  });

  it('still applies the idle expiry to a cached session', async () => {
    const buyer = await makeBuyer(t);
    const s = sessions(otherProcess());
    expect(await s.resolve(buyer.token)).not.toBeNull();
    t.advance(2 * 3600_000 + 1_000);
    expect(await s.resolve(buyer.token)).toBeNull();
    t.setNow(null);
  });
});
