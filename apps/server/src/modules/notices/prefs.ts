import { clockOfMinutes, minutesOfClock, notices, type QuietHours } from '@chepai/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NoticePrefTable } from '../../db/schema';
import { prefsRepo } from './prefs.repo';

const { NOTICE_GROUPS, noticePolicy } = notices;
type NoticeGroup = notices.NoticeGroup;

export type Channel = 'inbox' | 'live' | 'sms';

/** One user's preferences as the delivery reads them. */
export interface Prefs {
  allows(kind: string, channel: Channel): boolean;
  quiet: QuietHours;
}

export const DEFAULT_QUIET: QuietHours = {
  enabled: notices.QUIET_DEFAULT.enabled,
  start: minutesOfClock(notices.QUIET_DEFAULT.start),
  end: minutesOfClock(notices.QUIET_DEFAULT.end),
};

/**
 * The entry of `notice_pref.off` that switches the kind off on the channel, or null when nothing can:
 * a mandatory group keeps its 站内信, the record of what happened to the user's money and lots.
 */
export function offToken(kind: string, channel: Channel): string | null {
  const group = noticePolicy(kind).group;
  if (channel === 'inbox' && !NOTICE_GROUPS[group].optional) return null;
  return `${group}.${channel}`;
}

/** The preferences of a row, or the defaults (everything on, quiet 22:00–08:00) without one. */
export function prefsOf(row: Selectable<NoticePrefTable> | undefined): Prefs {
  const off = new Set(row?.off ?? []);
  return {
    allows(kind, channel) {
      const token = offToken(kind, channel);
      return token === null || !off.has(token);
    },
    quiet: row ? { enabled: row.quiet_enabled, start: row.quiet_start, end: row.quiet_end } : DEFAULT_QUIET,
  };
}

/** Preferences of many users at once (a fan-out reads them in one query). */
export async function prefsOfUsers(db: Kysely<Database>, userIds: string[]) {
  const rows = await prefsRepo(db).of(userIds);
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return (userId: string) => prefsOf(byUser.get(userId));
}

const GROUPS = Object.keys(NOTICE_GROUPS) as NoticeGroup[];

export function toWirePrefs(row: Selectable<NoticePrefTable> | undefined): notices.NoticePrefs {
  const off = new Set(row?.off ?? []);
  const q = prefsOf(row).quiet;
  return {
    groups: GROUPS.map((group) => ({
      group,
      inbox: !NOTICE_GROUPS[group].optional || !off.has(`${group}.inbox`),
      live: !off.has(`${group}.live`),
      sms: NOTICE_GROUPS[group].sms && !off.has(`${group}.sms`),
    })),
    quiet: { enabled: q.enabled, start: clockOfMinutes(q.start), end: clockOfMinutes(q.end) },
  };
}

/** The row to save: the groups sent replace theirs, the others keep what they had. */
export function fromWirePrefs(
  current: Selectable<NoticePrefTable> | undefined,
  input: notices.NoticePrefs,
): { off: string[]; quiet_enabled: boolean; quiet_start: number; quiet_end: number } {
  const sent = new Map(input.groups.map((g) => [g.group, g]));
  const off = (current?.off ?? []).filter((t) => !sent.has(t.split('.')[0] as NoticeGroup));
  for (const g of sent.values()) {
    if (!g.inbox && NOTICE_GROUPS[g.group].optional) off.push(`${g.group}.inbox`);
    if (!g.live) off.push(`${g.group}.live`);
    if (!g.sms && NOTICE_GROUPS[g.group].sms) off.push(`${g.group}.sms`);
  }
  return {
    off: [...new Set(off)].sort(),
    quiet_enabled: input.quiet.enabled,
    quiet_start: minutesOfClock(input.quiet.start),
    quiet_end: minutesOfClock(input.quiet.end),
  };
}
