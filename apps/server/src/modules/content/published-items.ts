import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, PublicationStatus } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit, type Actor } from '../console/audit';
import { cleanBody } from './clean-body';
import { publicationRepo, type ContentKind } from './content-console.repo';
import { publicationOf, publicationState, transitionRefusal, versionOf } from './publication';

const YEAR = 366 * 86_400_000;

/** A row as the console lists it: its publication and who changed it last (the body aside). */
interface ItemRow {
  id: string;
  status: PublicationStatus;
  publish_time: Date | null;
  updated_at: Date | null;
  updater_name: string | null;
}

/** Who last changed a row, and when: written with every change. */
export interface Stamp {
  updated_at: Date;
  updated_by: string;
}

export interface ItemKind<R extends ItemRow, W, F extends { content: string }> {
  table: ContentKind;
  /** 公告 or 文章, in messages. */
  noun: string;
  /** The audit log's target type and action prefix: `announcement.publish`, `article.withdraw` … */
  audit: 'announcement' | 'article';
  notFound: string;
  /** The row with its body (from the transaction's `db` inside one). */
  read: (db: Kysely<Database>, id: string) => Promise<(R & { content: string }) | undefined>;
  /** The row's own fields as the console reads them (its publication is added). */
  wire: (r: R) => W;
  /** What the audit log keeps of an edit, before and after. */
  editable: (r: F) => Record<string, unknown>;
}

/**
 * What announcements and support articles share in the console (decision 060): the detail, the
 * new draft, the edit against the version it was loaded at, publishing and withdrawing. Each write
 * locks the row, checks the transition and writes its audit row in one transaction; the body is
 * sanitized before it is stored.
 */
export function publishedItems<R extends ItemRow, W, F extends { content: string }>(
  ctx: AppContext,
  kind: ItemKind<R, W, F>,
) {
  const { db } = ctx.dbh;

  const wire = (r: R) => ({ ...kind.wire(r), ...publicationOf(r, ctx.now()) });

  async function detail(id: string) {
    const r = await kind.read(db, id);
    if (!r) throw notFound(kind.notFound);
    return { ...wire(r), content: r.content };
  }

  /** Locks the row for a change; a missing one is 404, one changed since `version` was loaded 409. */
  async function lockRow(trx: Kysely<Database>, id: string, version?: number) {
    const row = await publicationRepo(trx, kind.table).lock(id);
    if (!row) throw notFound(kind.notFound);
    if (version !== undefined && version !== versionOf(row.updated_at))
      throw conflict(`该${kind.noun}已被他人修改，请关闭后重新打开再编辑`);
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
        kind.noun,
      );
      if (refusal) throw conflict(refusal);
      const publishTime = to.publishTime ?? row.publish_time;
      await publicationRepo(trx, kind.table).set(id, {
        status: to.status,
        publish_time: publishTime,
        updated_at: now,
        updated_by: actor.id,
      });
      await writeAudit(trx, actor, {
        action: `${kind.audit}.${action}`,
        targetType: kind.audit,
        targetId: id,
        before: snapshot(row.status, row.publish_time, now),
        after: snapshot(to.status, publishTime, now),
        reason,
      });
    });
    return detail(id);
  }

  return {
    wire,
    detail,

    /** A change of the row's own (a pin …): locked, stamped, audited by `change`, in one transaction. */
    async change(actor: Actor, id: string, change: (trx: Kysely<Database>, stamp: Stamp) => Promise<void>) {
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, id);
        await change(trx, { updated_at: ctx.now(), updated_by: actor.id });
      });
      return detail(id);
    },

    /** A new draft, its body sanitized; `insert` writes it with the stamp and answers its id. */
    async create(
      actor: Actor,
      input: F,
      insert: (trx: Kysely<Database>, fields: F, stamp: Stamp) => Promise<string>,
    ) {
      const fields = { ...input, content: cleanBody(input.content) };
      const id = await db.transaction().execute(async (trx) => {
        const id = await insert(trx, fields, { updated_at: ctx.now(), updated_by: actor.id });
        await writeAudit(trx, actor, {
          action: `${kind.audit}.create`,
          targetType: kind.audit,
          targetId: id,
          after: kind.editable(fields),
        });
        return id;
      });
      return detail(id);
    },

    /** An edit in any state, refused over a change made since `version`; `write` stores it. */
    async update(
      actor: Actor,
      id: string,
      version: number,
      input: F,
      write: (trx: Kysely<Database>, fields: F, before: R, stamp: Stamp) => Promise<unknown>,
    ) {
      const fields = { ...input, content: cleanBody(input.content) };
      await db.transaction().execute(async (trx) => {
        await lockRow(trx, id, version);
        const before = (await kind.read(trx, id))!;
        await write(trx, fields, before, { updated_at: ctx.now(), updated_by: actor.id });
        await writeAudit(trx, actor, {
          action: `${kind.audit}.update`,
          targetType: kind.audit,
          targetId: id,
          before: kind.editable(fieldsOf(before, fields)),
          after: kind.editable(fields),
        });
      });
      return detail(id);
    },

    /** Publishes now (no `at`) or at `at`, which may not have passed nor lie more than a year ahead. */
    publish: (actor: Actor, id: string, at: number | undefined) => {
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

    /** Deletes a draft (never public), its text kept in the audit row. */
    remove: async (actor: Actor, id: string) => {
      await db.transaction().execute(async (trx) => {
        const row = await lockRow(trx, id);
        const refusal = transitionRefusal(
          'delete',
          publicationState(row.status, row.publish_time, ctx.now()),
          kind.noun,
        );
        if (refusal) throw conflict(refusal);
        const before = (await kind.read(trx, id))!;
        await publicationRepo(trx, kind.table).remove(id);
        await writeAudit(trx, actor, {
          action: `${kind.audit}.delete`,
          targetType: kind.audit,
          targetId: id,
          before: kind.editable(before as unknown as F),
        });
      });
      return null;
    },

    /** Takes a public or scheduled item down; it keeps its text and may be published again. */
    withdraw: (actor: Actor, id: string, reason: string) =>
      move(actor, id, 'withdraw', { status: 'withdrawn' }, reason),
  };
}

/** The row's values of the edited fields. */
function fieldsOf<F extends object>(row: object, fields: F): F {
  return Object.fromEntries(Object.keys(fields).map((k) => [k, (row as Record<string, unknown>)[k]])) as F;
}
