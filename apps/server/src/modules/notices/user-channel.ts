import { randomUUID } from 'node:crypto';
import { idSchema, notices } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context';
import { bearerFromProtocols, liveConnectionCaps } from '../../platform/live/live-auth';
import { sessions } from '../accounts/sessions';
import { presenceRepo } from './delivery.repo';
import { noticesRepo } from './notices.repo';
import { USER_NOTICES_CHANNEL } from './notify';
import { prefsOfUsers } from './prefs';
import { toWire } from './wire';

const PING_MS = 25_000;

interface Conn {
  id: string;
  userId: string;
  socket: WebSocket;
  /** The lot page it shows; a presence row exists only while this is set. */
  viewing: string | null;
}

/**
 * WebSocket /api/live/me: each logged-in user's own channel (buyers, sellers, operators). Committed
 * notices are announced on one NOTIFY channel as [user, notice] pairs (notify.ts); every process
 * loads the rows of the users it holds connections for and sends each once per connection, with
 * the unread count. A user offline reads them from the inbox on the next visit, so nothing here
 * needs a retry (docs/decisions/026-notice-delivery.md).
 */
export function registerUserChannel(app: FastifyInstance, ctx: AppContext) {
  const repo = noticesRepo(ctx.dbh.db);
  const presence = presenceRepo(ctx.dbh.db);
  const resolver = sessions(ctx);
  const byUser = new Map<string, Set<Conn>>();
  let chain = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;

  const send = (c: Conn, message: notices.UserChannelMessage) => {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(message));
  };

  async function deliver(pairs: Array<[string, string]>) {
    const mine = pairs.filter(([user]) => byUser.has(user));
    if (!mine.length) return;
    const users = [...new Set(mine.map(([u]) => u))];
    const [rows, counts, prefs] = await Promise.all([
      repo.byIds(mine.map(([, id]) => id)),
      repo.unreadCounts(users),
      prefsOfUsers(ctx.dbh.db, users),
    ]);
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const notice = toWire(row);
      const popup = prefs(row.user_id).allows(row.kind, 'live');
      for (const c of byUser.get(row.user_id) ?? [])
        send(c, { type: 'notice', notice, unread: counts.get(row.user_id) ?? 0, popup });
    }
  }

  /** After the LISTEN connection came back: counts may have moved meanwhile. */
  async function resync() {
    const counts = await repo.unreadCounts([...byUser.keys()]);
    for (const [user, conns] of byUser)
      for (const c of conns) send(c, { type: 'unread', unread: counts.get(user) ?? 0 });
  }

  const receive = (payload: string) => {
    let pairs: Array<[string, string]>;
    try {
      pairs = (JSON.parse(payload) as { n: Array<[string, string]> }).n;
    } catch {
      return;
    }
    // One chain keeps notices in commit order per process.
    chain = chain
      .then(() => deliver(pairs))
      .catch((err: unknown) => ctx.log.error({ err }, 'user channel delivery failed'));
  };

  const ping = setInterval(() => {
    const viewing: string[] = [];
    for (const conns of byUser.values())
      for (const c of conns) {
        c.socket.ping();
        if (c.viewing) viewing.push(c.id);
      }
    void presence.touch(viewing, ctx.now()).catch(() => undefined);
    void presence.sweep(new Date(ctx.now().getTime() - 5 * PING_MS)).catch(() => undefined);
  }, PING_MS);
  ping.unref();

  app.addHook('onReady', async () => {
    unlisten = await ctx.dbh.listen(
      USER_NOTICES_CHANNEL,
      receive,
      () => void resync().catch(() => undefined),
    );
  });
  app.addHook('onClose', async () => {
    clearInterval(ping);
    await unlisten?.();
    await chain;
  });

  app.get(
    notices.USER_CHANNEL_PATH,
    { websocket: true, preHandler: liveConnectionCaps(ctx, (token) => resolver.resolve(token)) },
    (socket, request) => {
      const refuse = (message: string) => {
        socket.send(JSON.stringify({ type: 'error', message }));
        socket.close(1008, 'refused');
      };
      let conn: Conn | null = null;
      // Commands may arrive before the session is resolved: keep the last one.
      let pendingViewing: string | null | undefined;
      const setViewing = (c: Conn, lotId: string | null) => {
        c.viewing = lotId;
        const now = ctx.now();
        void (lotId ? presence.set(c.id, c.userId, lotId, now) : presence.drop(c.id)).catch(() => undefined);
      };
      socket.on('message', (data: Buffer) => {
        let cmd: notices.UserChannelCommand;
        try {
          cmd = JSON.parse(data.toString()) as notices.UserChannelCommand;
        } catch {
          return;
        }
        if (cmd?.type !== 'viewing') return;
        const lot = cmd.orderId === null ? null : (idSchema.safeParse(cmd.orderId).data ?? null);
        if (conn) setViewing(conn, lot);
        else pendingViewing = lot;
      });
      socket.on('close', () => {
        if (!conn) return;
        const set = byUser.get(conn.userId);
        set?.delete(conn);
        if (set?.size === 0) byUser.delete(conn.userId);
        if (conn.viewing) void presence.drop(conn.id).catch(() => undefined);
      });
      void (async () => {
        const token = bearerFromProtocols(request.headers['sec-websocket-protocol']);
        const user = token ? await resolver.resolve(token) : null;
        if (!user) return refuse('请先登录');
        if (socket.readyState !== socket.OPEN) return;
        const c: Conn = { id: randomUUID(), userId: user.id, socket, viewing: null };
        conn = c;
        let set = byUser.get(user.id);
        if (!set) byUser.set(user.id, (set = new Set()));
        set.add(c);
        // Registered before the count is read: a notice committed in between arrives as a message.
        send(c, { type: 'hello', unread: await repo.unreadCount(user.id) });
        if (pendingViewing !== undefined) setViewing(c, pendingViewing);
      })().catch((err: unknown) => {
        request.log.error({ err }, 'user channel failed');
        socket.close(1011, 'error');
      });
    },
  );
}
