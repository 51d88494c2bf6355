import type { LiveEvent } from '@chepai/shared';
import { useEffect, useRef, useState } from 'react';
import type { LiveStatus } from './live';
import { useAfterFirstPaint } from './use-after-first-paint';

/**
 * Every live event of a lot for as long as the component is mounted. The client (./live.ts, with the
 * shared event schemas and zod) is fetched when the first connection opens, not with the page
 * (docs/decisions/034-every-public-page-under-its-ceiling.md).
 */
export function useLotLive(orderId: string | null, onEvent: (event: LiveEvent) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The connection opens once the page has painted: its snapshot brings the page up to date.
  const after = useAfterFirstPaint();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!orderId || !after) return;
    let conn: { close(): void } | null = null;
    let cancelled = false;
    void import('./live').then(({ connectLot }) => {
      if (cancelled) return;
      conn = connectLot(orderId, { onEvent: (e) => handler.current(e), onStatus: setStatus });
    });
    return () => {
      cancelled = true;
      conn?.close();
    };
  }, [orderId, after]);
  return status;
}
