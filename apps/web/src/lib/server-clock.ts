import { useEffect, useState } from 'react';

// The server is the only clock: offset = serverTime − Date.now() at the moment a response arrives.
let offsetMs = 0;
const listeners = new Set<() => void>();

export function syncServerTime(serverTime: number) {
  offsetMs = serverTime - Date.now();
  for (const l of listeners) l();
}

export const serverNow = () => Date.now() + offsetMs;

/** Server time, re-rendered every `tickMs` (and whenever the offset is corrected). */
export function useServerNow(tickMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const update = () => setNow(serverNow());
    listeners.add(update);
    const timer = window.setInterval(update, tickMs);
    return () => {
      listeners.delete(update);
      window.clearInterval(timer);
    };
  }, [tickMs]);
  return now;
}
