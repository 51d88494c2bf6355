import { consoleContent } from '@chepai/shared';
import type { AppContext } from '../../context';
import type { PublicationStatus } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit, type Actor } from '../console/audit';
import { publicationRepo, type ContentKind } from './content-console.repo';

type State = consoleContent.PublicationState;
const YEAR = 366 * 86_400_000;

/** Where an item stands now: a published one whose time is still to come is scheduled. */
export function publicationState(status: PublicationStatus, publishTime: Date | null, now: Date): State {
  if (status === 'published' && publishTime && publishTime > now) return 'scheduled';
  return status;
}

/**
 * Why `action` cannot be taken in `state`, or null (docs/product.md#14-disposal-and-review):
 * a draft, a scheduled or a withdrawn item may be published (a scheduled one again, to another
 * time or now); a public or scheduled one may be withdrawn.
 */
export function transitionRefusal(action: 'publish' | 'withdraw', state: State, noun: string): string | null {
  if (action === 'publish') return state === 'published' ? `该${noun}已发布；如需重新发布，请先下线` : null;
  if (state === 'draft') return `该${noun}是草稿，尚未发布，无需下线`;
  if (state === 'withdrawn') return `该${noun}已下线`;
  return null;
}

/** The version an editor loads and sends back with a save: the last change's time (0 before any). */
export const versionOf = (updatedAt: Date | null) => updatedAt?.getTime() ?? 0;

/** A row's publication as the console reads it. */
export function publicationOf(
  r: {
    status: PublicationStatus;
    publish_time: Date | null;
    updated_at: Date | null;
    updater_name: string | null;
  },
  now: Date,
) {
  const state = publicationState(r.status, r.publish_time, now);
  return {
    state,
    stateText: consoleContent.PUBLICATION_STATE[state],
    publishTime: r.publish_time?.getTime() ?? null,
    updatedAt: r.updated_at?.getTime() ?? null,
    updatedBy: r.updater_name,
    version: versionOf(r.updated_at),
  };
}

export interface PublicationNames {
  /** 公告 or 文章, in messages. */
  noun: string;
  /** The audit log's target type and action prefix: `announcement.publish`, `article.withdraw` … */
  audit: 'announcement' | 'article';
  notFound: string;
}

/**
 * Publishing and withdrawing, the same for announcements and support articles: the row locked,
 * the transition checked, the change and its audit row in one transaction.
 */
export function publicationActions(ctx: AppContext, kind: ContentKind, names: PublicationNames) {
  const { db } = ctx.dbh;

  /** Locks the row for a change; a missing one is 404, one changed since `version` was loaded 409. */
  async function lockRow(trx: typeof db, id: string, version?: number) {
    const row = await publicationRepo(trx, kind).lock(id);
    if (!row) throw notFound(names.notFound);
    if (version !== undefined && version !== versionOf(row.updated_at))
      throw conflict(`该${names.noun}已被他人修改，请关闭后重新打开再编辑`);
    return row;
  }

  const snapshot = (status: PublicationStatus, publishTime: Date | null, now: Date) => ({
    state: publicationState(status, publishTime, now),
    publishTime: publishTime?.getTime() ?? null,
  });

  async function move(
    actor: Actor,
    id: string,
    action: 'publish' | 'withdraw',
    to: { status: PublicationStatus; publishTime?: Date },
    reason: string,
  ) {
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, id);
      const refusal = transitionRefusal(
        action,
        publicationState(row.status, row.publish_time, now),
        names.noun,
      );
      if (refusal) throw conflict(refusal);
      const publishTime = to.publishTime ?? row.publish_time;
      await publicationRepo(trx, kind).set(id, {
        status: to.status,
        publish_time: publishTime,
        updated_at: now,
        updated_by: actor.id,
      });
      await writeAudit(trx, actor, {
        action: `${names.audit}.${action}`,
        targetType: names.audit,
        targetId: id,
        before: snapshot(row.status, row.publish_time, now),
        after: snapshot(to.status, publishTime, now),
        reason,
      });
    });
  }

  return {
    lockRow,

    /** Publishes now (no `at`) or at `at`, which may not have passed nor lie more than a year ahead. */
    publish(actor: Actor, id: string, at: number | undefined) {
      const now = ctx.now();
      if (at !== undefined && at < now.getTime()) throw badRequest('定时发布时间不能早于当前时间');
      if (at !== undefined && at > now.getTime() + YEAR) throw badRequest('定时发布时间不能晚于一年以后');
      return move(
        actor,
        id,
        'publish',
        { status: 'published', publishTime: new Date(at ?? now.getTime()) },
        '',
      );
    },

    /** Takes a public or scheduled item down; it keeps its text and may be published again. */
    withdraw: (actor: Actor, id: string, reason: string) =>
      move(actor, id, 'withdraw', { status: 'withdrawn' }, reason),
  };
}
