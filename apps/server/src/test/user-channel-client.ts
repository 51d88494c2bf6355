import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, type notices } from '@chepai/shared';
import { vi } from 'vitest';
import WebSocket from 'ws';

/** A test browser tab's user channel (/api/live/me): collects every message; `viewing` says which lot page it shows. */
export async function openUserChannel(base: string, token: string | null) {
  const ws = new WebSocket(
    `${base.replace(/^http/, 'ws')}/api/live/me`,
    token === null ? [LIVE_PROTOCOL] : [LIVE_PROTOCOL, LIVE_BEARER_PREFIX + token],
  );
  const messages: Array<notices.UserChannelMessage | { type: 'error'; message: string }> = [];
  let closeCode: number | null = null;
  ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as (typeof messages)[number]));
  ws.on('close', (code) => (closeCode = code));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const notices = () =>
    messages.filter((m): m is Extract<notices.UserChannelMessage, { type: 'notice' }> => m.type === 'notice');
  return {
    messages,
    notices,
    closeCode: () => closeCode,
    viewing: (orderId: string | null) => ws.send(JSON.stringify({ type: 'viewing', orderId })),
    /** Waits until a message passes `test`. */
    async until(test: (m: (typeof messages)[number]) => boolean, timeout = 10_000) {
      await vi.waitFor(
        () => {
          if (!messages.some(test))
            throw new Error(`waiting; got ${JSON.stringify(messages.map((m) => m.type))}`);
        },
        { timeout, interval: 10 },
      );
    },
    close: () => ws.close(),
  };
}
