import { sql, type Kysely } from 'kysely';

/** The lot's columns a bid moves: they leave the wide row for `lot_live` (decision 065). */
const LIVE = ['current_price', 'bid_count', 'end_time', 'leader_id', 'leader_max', 'engine_token'] as const;

/**
 * The narrow engine row (docs/decisions/065-narrow-engine-row.md): a bid batch locks and writes a
 * row of eight columns in `lot_live` instead of the 2-KB, 70-column lot row with its 31 indexes
 * (a quarter less of PostgreSQL's work a bid with 100 lots). `lot` becomes a view of both tables, so
 * readers read it as before. The server's writers write `lot_base` or `lot_live`; an update of the
 * view itself (tests, scripts) is routed to both by a trigger. A lot always has both rows.
 *
 * Tokens (decision 035): the engine sets `lot_live.engine_token` with every batch it writes; any
 * other change of a column the engine reads gets a fresh token: on `lot_live` from its own trigger
 * (a close, a reschedule, a test's SQL), and from `lot_base` through a trigger that updates the
 * `lot_live` row (a status move, a pause, an operator's edit). That update takes the row a batch
 * locks, so it waits for a batch in flight and the next batch sees the new token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Its function (a fresh token) serves the live row's trigger below.
  await sql`drop trigger lot_engine_token on lot`.execute(db);

  await sql`
    create table lot_live (
      lot_id bigint primary key references lot (id) on delete cascade,
      current_price bigint not null,
      bid_count integer not null default 0,
      end_time timestamptz not null,
      -- No foreign key: the leader is the bidder of the lot's top bid, whose row references the user
      -- (app_user rows are never deleted), and its check locked the user's row at every lot written
      -- (decision 065).
      leader_id bigint,
      leader_max bigint,
      engine_token uuid not null default gen_random_uuid(),
      written_at timestamptz not null default now()
    ) with (fillfactor = 70)`.execute(db);
  await sql`
    insert into lot_live (lot_id, current_price, bid_count, end_time, leader_id, leader_max, engine_token, written_at)
    select id, current_price, bid_count, end_time, leader_id, leader_max, engine_token, updated_at from lot`.execute(
    db,
  );

  // A bid row names the live row: its foreign-key check finds the row its batch already holds.
  await sql`alter table bid drop constraint bid_lot_id_fkey`.execute(db);
  await sql`
    alter table bid add constraint bid_lot_id_fkey
      foreign key (lot_id) references lot_live (lot_id) on delete cascade`.execute(db);

  await sql`alter table lot rename to lot_base`.execute(db);
  await sql.raw(`alter table lot_base ${LIVE.map((c) => `drop column ${c}`).join(', ')}`).execute(db);
  await sql`
    create view lot as
      select b.*, l.current_price, l.bid_count, l.end_time, l.leader_id, l.leader_max, l.engine_token
      from lot_base b join lot_live l on l.lot_id = b.id`.execute(db);

  // Writes through the view (tests, scripts, an operator's SQL) land in the row each column lives in:
  // the base row first, as everyone who takes both rows takes them (the bid batch's SQL says why).
  const { rows: cols } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'lot_base' and column_name <> 'id'
    order by ordinal_position`.execute(db);
  const set = (names: readonly string[]) => names.map((c) => `${c} = new.${c}`).join(', ');
  await sql
    .raw(
      `create function lot_view_update() returns trigger language plpgsql as $$
    begin
      update lot_base set ${set(cols.map((c) => c.name))} where id = old.id;
      update lot_live set ${set(LIVE)} where lot_id = old.id
        and (${LIVE.map((c) => `new.${c}`).join(', ')}) is distinct from (${LIVE.map((c) => `old.${c}`).join(', ')});
      return new;
    end $$`,
    )
    .execute(db);
  await sql`create trigger lot_view_update instead of update on lot for each row execute function lot_view_update()`.execute(
    db,
  );

  // Changes of the live columns by anyone but a batch (which sets its own token): migration 034's
  // function gives the row a fresh token.
  await sql`
    create trigger lot_live_token before update on lot_live for each row
    when (new.engine_token = old.engine_token
      and (new.current_price, new.bid_count, new.end_time, new.leader_id, new.leader_max)
        is distinct from (old.current_price, old.bid_count, old.end_time, old.leader_id, old.leader_max))
    execute function lot_engine_token()`.execute(db);

  // Changes of the base columns the engine reads. An AFTER trigger: it runs once the statement's own
  // writes are done, so a batch that moves a lot's status at its first extension (and sets the live
  // token in the same statement) is not undone; that lot's next batch then reads its state afresh.
  await sql`
    create function lot_base_token() returns trigger language plpgsql as $$
    begin
      update lot_live set engine_token = gen_random_uuid() where lot_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lot_base_token after update on lot_base for each row
    when ((new.status, new.start_price, new.increment, new.deposit, new.reserve_price, new.reg_start_time,
           new.start_time, new.extend_window_sec, new.extend_step_sec, new.paused_at, new.title)
        is distinct from
          (old.status, old.start_price, old.increment, old.deposit, old.reserve_price, old.reg_start_time,
           old.start_time, old.extend_window_sec, old.extend_step_sec, old.paused_at, old.title))
    execute function lot_base_token()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view lot`.execute(db);
  await sql`drop function lot_view_update()`.execute(db);
  await sql`drop trigger lot_base_token on lot_base`.execute(db);
  await sql`drop function lot_base_token()`.execute(db);
  await sql`alter table lot_base rename to lot`.execute(db);
  await sql`
    alter table lot add column current_price bigint, add column bid_count integer,
      add column end_time timestamptz, add column leader_id bigint references app_user (id),
      add column leader_max bigint, add column engine_token uuid not null default gen_random_uuid()`.execute(
    db,
  );
  await sql`
    update lot set current_price = l.current_price, bid_count = l.bid_count, end_time = l.end_time,
      leader_id = l.leader_id, leader_max = l.leader_max, engine_token = l.engine_token
    from lot_live l where l.lot_id = lot.id`.execute(db);
  await sql`
    alter table lot alter column current_price set not null, alter column bid_count set not null,
      alter column bid_count set default 0, alter column end_time set not null`.execute(db);
  await sql`alter table bid drop constraint bid_lot_id_fkey`.execute(db);
  await sql`
    alter table bid add constraint bid_lot_id_fkey
      foreign key (lot_id) references lot (id) on delete cascade`.execute(db);
  await sql`drop table lot_live`.execute(db);
  await sql`drop function lot_engine_token()`.execute(db);
  // The token trigger of migration 034, as it was.
  const m034 = await import('./034-lot-engine-token');
  await sql`alter table lot drop column engine_token`.execute(db);
  await m034.up(db);
}
