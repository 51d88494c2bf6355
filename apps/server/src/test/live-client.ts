import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, parseLiveEvent, type LiveEvent } from '@chepai/shared';
import { vi } from 'vitest';
import WebSocket from 'ws';

/** A test watcher: collects every live message of one lot; with a token it watches as that buyer. */
export async function watch(base: string, orderId: string, since?: number, token?: string) {
  const url = `${base.replace(/^http/, 'ws')}/api/live/lots/${orderId}${since === undefined ? '' : `?since=${since}`}`;
  const ws = new WebSocket(
    url,
    token === undefined ? [LIVE_PROTOCOL] : [LIVE_PROTOCOL, LIVE_BEARER_PREFIX + token],
  );
  const events: LiveEvent[] = [];
  const raw: unknown[] = [];
  let closed = false;
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    raw.push(JSON.parse(text));
    const e = parseLiveEvent(text);
    if (e) events.push(e);
  });
  ws.on('close', () => (closed = true));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    protocol: ws.protocol,
    events,
    raw,
    isClosed: () => closed,
    /** Waits until `n` valid events have arrived. */
    async until(n: number, timeout = 15_000) {
      await vi.waitFor(
        () => {
          if (events.length < n) throw new Error(`${events.length}/${n} events`);
        },
        { timeout, interval: 10 },
      );
      return events;
    },
    close: () => ws.close(),
  };
}
