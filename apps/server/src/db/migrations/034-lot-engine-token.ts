import { sql, type Kysely } from 'kysely';

/**
 * A token for the state the bidding engine reads of a lot (docs/decisions/035-optimistic-bid-batches.md):
 * a process that knows a lot's token knows its engine columns exactly, and a bid batch computed on
 * that state writes only if the token is still the lot's. The engine sets a fresh token with every
 * batch it writes; any other change of an engine column (a status move, the close, a pause, an
 * operator's edit, a test's SQL) gets a fresh one from the trigger. Not indexed: bids stay HOT
 * updates (decision 006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lot add column engine_token uuid not null default gen_random_uuid()`.execute(db);
  await sql`
    create function lot_engine_token() returns trigger language plpgsql as $$
    begin
      new.engine_token := gen_random_uuid();
      return new;
    end $$`.execute(db);
  // The WHEN clause is checked without entering PL/pgSQL: a bid batch (it sets its own token) and the
  // listing catch-up (it moves no engine column) pay nothing for the trigger on each of their lots.
  await sql`
    create trigger lot_engine_token before update on lot for each row
    when (new.engine_token = old.engine_token
      and (new.status, new.start_price, new.increment, new.deposit, new.reserve_price, new.current_price,
           new.bid_count, new.reg_start_time, new.start_time, new.end_time, new.extend_window_sec,
           new.extend_step_sec, new.leader_id, new.leader_max, new.paused_at, new.title)
        is distinct from
          (old.status, old.start_price, old.increment, old.deposit, old.reserve_price, old.current_price,
           old.bid_count, old.reg_start_time, old.start_time, old.end_time, old.extend_window_sec,
           old.extend_step_sec, old.leader_id, old.leader_max, old.paused_at, old.title))
    execute function lot_engine_token()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger lot_engine_token on lot`.execute(db);
  await sql`drop function lot_engine_token()`.execute(db);
  await sql`alter table lot drop column engine_token`.execute(db);
}
