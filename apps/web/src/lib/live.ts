import { parseLiveEvent, type LiveEvent } from '@chepai/shared';
import { useEffect, useRef } from 'react';
import { syncServerTime } from './server-clock';

/**
 * Watches one lot over /api/live/lots/{orderId}. Reconnects with back-off and resumes with
 * `?since=<last seq>`, so nothing missed while away is lost; events at or below that seq are
 * dropped, so nothing counts twice.
 */
export function useLiveLot(orderId: string, onEvent: (event: LiveEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!orderId) return;
    let socket: WebSocket | null = null;
    let lastSeq: number | null = null;
    let attempts = 0;
    let timer: number | undefined;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const since = lastSeq === null ? '' : `?since=${lastSeq}`;
      socket = new WebSocket(`${scheme}://${window.location.host}/api/live/lots/${orderId}${since}`);
      socket.onopen = () => (attempts = 0);
      socket.onmessage = (message: MessageEvent<string>) => {
        const event = parseLiveEvent(message.data);
        if (!event) return;
        syncServerTime(event.serverTime);
        if (event.type === 'bid.placed') {
          if (lastSeq !== null && event.seq <= lastSeq) return;
          lastSeq = event.seq;
        } else if (event.type === 'lot.snapshot') {
          lastSeq = Math.max(lastSeq ?? 0, event.seq);
        }
        handler.current(event);
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = window.setTimeout(connect, Math.min(10_000, 500 * 2 ** attempts++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, [orderId]);
}
