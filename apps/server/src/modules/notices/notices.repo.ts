import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnsOf } from '../../db/columns';
import type { Database } from '../../db/schema';
import { statementOf, type StatementPart } from '../../db/statement-part';

/** A notice to write; `off` is the `notice_pref.off` entry with which its user declines it (null: none can). */
export interface NoticeRow {
  /** Written only if `only` of the statement returns this key (see `noticeWrites`); null: always. */
  only_key?: string | null;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  event_key: string;
  off: string | null;
  /** How many events the row stands for (`notice.repeats`); 1 if unset. */
  repeats?: number;
  /** When its event happened; null or unset: the statement's `now`. */
  at?: Date | null;
}

/**
 * The kind whose unread notice of a lot is kept current instead of repeated (decision 044): the
 * indexes of migration 039 name it.
 */
const FOLDED_KIND = 'lot.outbid';

const NOTICE_COLUMNS = [
  'user_id',
  'kind',
  'title',
  'body',
  'link',
  'event_key',
  'off',
  'only_key',
  'repeats',
  'at',
] as const;

/**
 * Notices as parts of one statement, the caller's own or another's (the bid batch's): the rows whose
 * users have not declined them, one per user and event (a row written again is skipped and not
 * announced); an outbid, while the user's outbid notice of that lot is unread, updates that notice
 * (its text, `repeats`, `updated_at`) and is announced as it now reads; an SMS queued, due now, for
 * each new or updated row of `smsKinds` (the delivery job applies preferences and quiet hours when it
 * sends); and, selected, the NOTIFYs that announce those rows as [user, notice] pairs, `perPayload` a
 * payload (delivered at commit inside a transaction). The CTEs are named `notice_*`: one such part
 * per statement.
 */
export function noticeWrites(
  rows: NoticeRow[],
  o: {
    smsKinds: string[];
    channel: string;
    perPayload: number;
    now: Date;
    /** A subquery of the statement yielding text keys: rows with an `only_key` are written only if it returns theirs. */
    only?: RawBuilder<unknown> | undefined;
    /**
     * No SMS is queued for a notice of this kind while its user's throttle of `scope` was taken
     * after `since`, nor while a delivery of that user and scope waits: the job would skip it
     * anyway, and a bidding war outbids a user many times a second.
     */
    throttled?: { kind: string; scope: string; since: Date } | undefined;
  },
): StatementPart {
  const only = o.only ? sql`(v.only_key is null or v.only_key in ${o.only})` : sql`true`;
  // Rows go as typed arrays, one a column (db/columns.ts), the time as epoch milliseconds.
  const insert = (list: NoticeRow[]) => {
    const c = columnsOf(list, NOTICE_COLUMNS);
    return sql`
    insert into notice (user_id, kind, title, body, link, event_key, repeats, created_at)
    select v.user_id, v.kind, v.title, v.body, v.link, v.event_key, coalesce(v.repeats, 1),
      coalesce(to_timestamp(v.at_ms / 1000), ${o.now}::timestamptz)
    from unnest(${c.user_id}::bigint[], ${c.kind}::text[], ${c.title}::text[], ${c.body}::text[],
      ${c.link}::text[], ${c.event_key}::text[], ${c.off}::text[], ${c.only_key}::text[],
      ${c.repeats}::integer[], ${c.at}::float8[])
      as v(user_id, kind, title, body, link, event_key, off, only_key, repeats, at_ms)
    where ${only} and (v.off is null
      or not exists (select from notice_pref p where p.user_id = v.user_id and v.off = any(p.off)))`;
  };
  const folded = sql.lit(FOLDED_KIND);
  // The last of a user's outbids of one lot in this statement (a row may be updated once per
  // statement), standing for all of them.
  const last = new Map<string, NoticeRow>();
  for (const r of rows.filter((x) => x.kind === FOLDED_KIND)) {
    const key = `${r.user_id}|${r.event_key}`;
    const before = last.get(key);
    last.set(key, before ? { ...r, repeats: (before.repeats ?? 1) + (r.repeats ?? 1) } : r);
  }
  const outbids = [...last.values()];
  // An outbid older than what the notice says (held by another process's window: decision 046) adds
  // its count and leaves the text of the newer one.
  const shown = sql`coalesce(notice.updated_at, notice.created_at)`;
  const fresher = sql`excluded.created_at >= ${shown}`;
  const others = rows.filter((r) => r.kind !== FOLDED_KIND);
  const writes: Array<[string, RawBuilder<unknown>]> = [];
  if (others.length)
    writes.push([
      'notice_fresh',
      sql`(${insert(others)}
    on conflict (user_id, event_key) where kind <> ${folded} do nothing
    returning id, user_id, kind, event_key)`,
    ]);
  if (outbids.length)
    writes.push([
      'notice_folded',
      sql`(${insert(outbids)}
    on conflict (user_id, event_key) where kind = ${folded} and read_at is null do update
      set title = case when ${fresher} then excluded.title else notice.title end,
        body = case when ${fresher} then excluded.body else notice.body end,
        link = case when ${fresher} then excluded.link else notice.link end,
        repeats = notice.repeats + excluded.repeats,
        updated_at = greatest(${shown}, excluded.created_at)
    returning id, user_id, kind, event_key)`,
    ]);
  if (!writes.length) throw new Error('noticeWrites: no notices to write');
  const fresh = sql`(${sql.join(
    writes.map(([name]) => sql`select id, user_id, kind, event_key from ${sql.table(name)}`),
    sql` union all `,
  )})`;
  // A throttled kind's delivery carries the throttle's scope. Nothing is queued while the throttle
  // runs, nor while a delivery of the same user and scope waits for the job: the unique index on
  // waiting rows (decision 041) makes a bidding war queue one SMS per user, not one per outbid.
  const scope = o.throttled
    ? sql`case when kind = ${o.throttled.kind} then ${o.throttled.scope} end`
    : sql`null::text`;
  const sms = sql`(
    insert into notice_delivery (notice_id, user_id, channel, scope, next_at, created_at, updated_at)
    select n.id, n.user_id, 'sms', n.scope, ${o.now}::timestamptz, ${o.now}::timestamptz, ${o.now}::timestamptz
    from (select id, user_id, kind, ${scope} as scope from notice_new) n
    where n.kind = any(${o.smsKinds}::text[])
    ${
      o.throttled
        ? sql`and not (n.scope is not null and exists (
            select from notice_throttle t
            where t.user_id = n.user_id and t.scope = n.scope and t.last_at > ${o.throttled.since}))`
        : sql``
    }
    on conflict do nothing)`;
  const announce = sql<number>`(
    select count(pg_notify(${o.channel}, p.payload)) from (
      select json_build_object('n', json_agg(json_build_array(c.user_id::text, c.id::text) order by c.id))::text
        as payload
      from (select id, user_id, (row_number() over (order by id) - 1) / ${sql.lit(o.perPayload)} as chunk
            from notice_new) c
      group by c.chunk order by c.chunk) p)`;
  return {
    ctes: [
      ...writes,
      ['notice_new', fresh],
      ...(o.smsKinds.length ? [['notice_sms', sms] as [string, typeof sms]] : []),
    ],
    select: announce,
  };
}

/** SQL of the in-app inbox. */
export function noticesRepo(db: Kysely<Database>) {
  const mine = (userId: string, kinds: string[] | null, unreadOnly: boolean) => {
    let q = db.selectFrom('notice').where('user_id', '=', userId);
    if (kinds) q = q.where('kind', 'in', kinds);
    if (unreadOnly) q = q.where('read_at', 'is', null);
    return q;
  };
  return {
    /** Who submitted the vehicle behind a lot (lots seeded for the demo have no order). */
    submitterOf: async (lotId: string) =>
      (await db.selectFrom('auction_order').select('submitted_by').where('id', '=', lotId).executeTakeFirst())
        ?.submitted_by ?? null,
    /** The winner, the seller who submitted the lot (if any) and its title. */
    dealParties: async (lotId: string) => {
      const row = await db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .leftJoin('auction_order as o', 'o.id', 'deal.lot_id')
        .select(['deal.buyer_id', 'deal.round', 'o.submitted_by', 'lot.title'])
        .where('deal.lot_id', '=', lotId)
        .executeTakeFirst();
      return row
        ? { buyer: row.buyer_id, seller: row.submitted_by, title: row.title, round: row.round }
        : null;
    },
    /** Buyers whose deposit for the lot is frozen now. */
    depositHolders: async (lotId: string) =>
      (
        await db
          .selectFrom('deposit_ledger')
          .select('buyer_id')
          .where('lot_id', '=', lotId)
          .where('state', '=', 'frozen')
          .execute()
      ).map((r) => r.buyer_id),
    /** Writes notices in one statement (`noticeWrites`); in a transaction, announced at its commit. */
    write: async (part: StatementPart) => {
      await statementOf([], [part], [['announced', part.select]]).execute(db);
    },
    /** Notices by id for the users given (a process loads only those it has connections for). */
    byIds: (ids: string[]) =>
      ids.length ? db.selectFrom('notice').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    unreadCounts: async (userIds: string[]) => {
      if (!userIds.length) return new Map<string, number>();
      const rows = await db
        .selectFrom('notice')
        .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', 'in', userIds)
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
    /** How many of these ids are the user's notices (marking someone else's is refused). */
    ownedCount: async (userId: string, ids: string[]) =>
      Number(
        (
          await db
            .selectFrom('notice')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('id', 'in', ids)
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    page: async (q: {
      userId: string;
      kinds: string[] | null;
      unreadOnly: boolean;
      offset: number;
      limit: number;
    }) => {
      const { total } = await mine(q.userId, q.kinds, q.unreadOnly)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      // Newest activity first: an outbid notice brought up to date (decision 044) comes back on top
      // (docs/decisions/047-inbox-by-last-activity.md). No index holds that time, so refreshing a
      // notice stays heap-only; the user's rows are sorted here, as many as the count above reads.
      const rows = await mine(q.userId, q.kinds, q.unreadOnly)
        .selectAll()
        .orderBy(sql`coalesce(updated_at, created_at)`, 'desc')
        .orderBy('id', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },
    unreadCount: async (userId: string) =>
      Number(
        (
          await mine(userId, null, true)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    markRead: async (userId: string, ids: string[] | null, at: Date) => {
      let q = db
        .updateTable('notice')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids) q = q.where('id', 'in', ids);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
