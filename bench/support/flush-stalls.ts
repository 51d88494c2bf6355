import { sql, type Kysely } from 'kysely';
import type { Phase } from './bid-load';
import { pct } from './stats';

/** The shortest WAL wait counted as a stall. */
export const FLUSH_STALL_MS = 50;

/** A stretch in which some backend of the bench database was seen waiting on its WAL flush. */
export interface FlushStall {
  /** Wall-clock ms: first and last sample that saw the same wait. */
  from: number;
  to: number;
}

/**
 * Watches PostgreSQL's own wait events while a phase runs: every `everyMs` it asks
 * `pg_stat_activity` which backends of the bench database wait on writing or syncing the WAL
 * (`IO/WALSync`, `IO/WALWrite`, `LWLock/WALWrite`), and keeps each wait seen for `overMs` or more
 * (one backend, one statement, consecutive samples). A commit's flush is the one wait of a bid that
 * no code of ours can shorten: on a shared virtual disk it sometimes lasts hundreds of ms, and every
 * bid committing then waits with it. The samples give a lower bound of each wait's length.
 */
export function watchFlushStalls<DB>(db: Kysely<DB>, everyMs = 10, overMs = FLUSH_STALL_MS) {
  const open = new Map<string, { from: number; to: number }>();
  const stalls: FlushStall[] = [];
  let running = true;
  const close = (key: string) => {
    const w = open.get(key);
    open.delete(key);
    if (w && w.to - w.from + everyMs >= overMs) stalls.push({ from: w.from - everyMs, to: w.to });
  };
  const loop = (async () => {
    while (running) {
      const { rows } = await sql<{ pid: number; q: string }>`
        select pid, query_start::text as q from pg_stat_activity
        where datname = current_database() and state = 'active'
          and wait_event in ('WALSync', 'WALWrite')`.execute(db);
      const now = Date.now();
      const seen = new Set<string>();
      for (const r of rows) {
        const key = `${r.pid}|${r.q}`;
        seen.add(key);
        const w = open.get(key);
        if (w) w.to = now;
        else open.set(key, { from: now, to: now });
      }
      for (const key of [...open.keys()]) if (!seen.has(key)) close(key);
      await new Promise((r) => setTimeout(r, everyMs));
    }
    for (const key of [...open.keys()]) close(key);
  })();
  return {
    /** The stalls seen, merged where they overlap, in time order. */
    async stop(): Promise<FlushStall[]> {
      running = false;
      await loop;
      const merged: FlushStall[] = [];
      for (const s of stalls.sort((a, b) => a.from - b.from)) {
        const last = merged.at(-1);
        if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
        else merged.push({ ...s });
      }
      return merged;
    },
  };
}

/**
 * What the stalls did to a phase: how many accepted bids were in flight during one, and the p99 of
 * the others (a diagnostic beside the phase's own p99, never instead of it).
 */
export function stallShare(p: Phase, stalls: FlushStall[]) {
  const start = p.startedAt.getTime();
  const clear: number[] = [];
  let hit = 0;
  p.accepted.forEach((took, i) => {
    const sent = start + (p.sentAt[i] ?? 0);
    if (stalls.some((s) => sent <= s.to && sent + took >= s.from)) hit++;
    else clear.push(took);
  });
  const longest = Math.max(0, ...stalls.map((s) => s.to - s.from));
  // Null when no accept was caught: the others are then the whole phase.
  const clearP99 = hit ? pct(clear, 99) : null;
  return {
    text:
      `commit flushes: ${stalls.length} WAL waits of ≥ ${FLUSH_STALL_MS} ms seen (longest ≥ ${longest.toFixed(0)} ms); ` +
      `${hit} of ${p.accepted.length} accepts were in flight during one` +
      (clearP99 === null ? '' : `, p99 of the others ${clearP99.toFixed(1)} ms`),
    clearP99,
  };
}
