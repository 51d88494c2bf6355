import type { consoleApi } from '@chepai/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { SessionTemplateTable } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit, type Actor } from './audit';
import { sessionsRepo } from './sessions.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BEIJING_OFFSET = 8 * HOUR;
const WEEKDAY_TEXT = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const TEMPLATE_NOT_FOUND = '场次模板不存在或已删除';

type Fields = Omit<consoleApi.SessionTemplate, 'id' | 'updatedAt'>;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toMinute = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

function toWire(row: Selectable<SessionTemplateTable>): consoleApi.SessionTemplate {
  return {
    id: row.id,
    name: row.name,
    weekdays: row.weekdays.map(Number),
    startTime: hhmm(row.start_minute),
    durationMinutes: row.duration_minutes,
    staggerMinutes: row.stagger_minutes,
    previewDays: row.preview_days,
    regHours: row.reg_hours,
    updatedAt: new Date(row.updated_at).getTime(),
  };
}

/**
 * The times of the next lot in a template's session on a Beijing date: bidding starts at the
 * template's time; the k-th lot already in the session makes the new one end k × stagger later;
 * preview and registration open the template's lead before the start, never before now.
 */
export function planSession(
  t: Pick<
    Fields,
    'weekdays' | 'startTime' | 'durationMinutes' | 'staggerMinutes' | 'previewDays' | 'regHours'
  >,
  date: string,
  lotsBefore: number,
  now: number,
) {
  const midnight = Date.parse(`${date}T00:00:00+08:00`);
  const weekday = ((new Date(midnight + BEIJING_OFFSET).getUTCDay() + 6) % 7) + 1;
  if (!t.weekdays.includes(weekday))
    throw badRequest(
      `${date}（${WEEKDAY_TEXT[weekday]}）不是该模板的场次日（${t.weekdays.map((d) => WEEKDAY_TEXT[d]).join('、')}）`,
    );
  const startTime = midnight + toMinute(t.startTime) * MINUTE;
  if (startTime <= now) throw badRequest('该场次的开拍时间已过，请选择以后的日期');
  const previewTime = Math.max(now, startTime - t.previewDays * DAY);
  return {
    previewTime,
    regStartTime: Math.max(previewTime, startTime - t.regHours * HOUR),
    startTime,
    endTime: startTime + (t.durationMinutes + lotsBefore * t.staggerMinutes) * MINUTE,
    lotsBefore,
  };
}

/** Session templates, the plan a reviewer approves with, and the calendar of sessions. */
export function sessionsService(ctx: AppContext) {
  const { db } = ctx.dbh;
  const repo = sessionsRepo(db);

  return {
    templates: async () => (await repo.templates()).map(toWire),

    async save(actor: Actor, input: Fields & { id?: string | undefined }) {
      const now = ctx.now();
      const values = {
        name: input.name,
        weekdays: input.weekdays,
        start_minute: toMinute(input.startTime),
        duration_minutes: input.durationMinutes,
        stagger_minutes: input.staggerMinutes,
        preview_days: input.previewDays,
        reg_hours: input.regHours,
        updated_by: actor.id,
        updated_at: now,
      };
      return db.transaction().execute(async (trx) => {
        const tx = sessionsRepo(trx);
        const before = input.id ? await tx.template(input.id) : undefined;
        if (input.id && !before) throw notFound(TEMPLATE_NOT_FOUND);
        const row = input.id ? await tx.updateTemplate(input.id, values) : await tx.insertTemplate(values);
        if (!row) throw notFound(TEMPLATE_NOT_FOUND);
        await writeAudit(trx, actor, {
          action: 'template.save',
          targetType: 'template',
          targetId: row.id,
          before: before ? toWire(before) : null,
          after: toWire(row),
        });
        return toWire(row);
      });
    },

    async remove(actor: Actor, id: string) {
      await db.transaction().execute(async (trx) => {
        const tx = sessionsRepo(trx);
        const before = await tx.template(id);
        if (!before) throw notFound(TEMPLATE_NOT_FOUND);
        await tx.updateTemplate(id, { archived: true, updated_by: actor.id, updated_at: ctx.now() });
        await writeAudit(trx, actor, {
          action: 'template.delete',
          targetType: 'template',
          targetId: id,
          before: toWire(before),
        });
      });
      return null;
    },

    async plan(id: string, date: string) {
      const row = await repo.template(id);
      if (!row) throw notFound(TEMPLATE_NOT_FOUND);
      const t = toWire(row);
      const now = ctx.now().getTime();
      // The start first (it decides the session), then how many lots it already holds.
      const probe = planSession(t, date, 0, now);
      return planSession(t, date, await repo.lotsStartingAt(new Date(probe.startTime)), now);
    },

    /** Lots grouped by their start: one entry per session, in time order. */
    async calendar(from: number, to: number): Promise<consoleApi.CalendarSession[]> {
      const lots = await repo.lotsStartingBetween(new Date(from), new Date(to));
      const sessions = new Map<number, consoleApi.CalendarSession>();
      for (const lot of lots) {
        const start = new Date(lot.start_time).getTime();
        const end = new Date(lot.end_time).getTime();
        let s = sessions.get(start);
        if (!s) {
          s = {
            startTime: start,
            lotCount: 0,
            firstEndTime: end,
            lastEndTime: end,
            byStatus: {},
            titles: [],
          };
          sessions.set(start, s);
        }
        s.lotCount += 1;
        s.firstEndTime = Math.min(s.firstEndTime, end);
        s.lastEndTime = Math.max(s.lastEndTime, end);
        s.byStatus[lot.status] = (s.byStatus[lot.status] ?? 0) + 1;
        if (s.titles.length < 5) s.titles.push(lot.title);
      }
      return [...sessions.values()];
    },
  };
}
