import { useEffect, useRef } from 'react';
import { useServerNow } from '../../lib/server-clock';
import { durationText } from './format';

/** Counts down to `target` on the server clock, every second; calls `onElapsed` once at zero. */
export function Countdown({
  target,
  onElapsed,
  className,
}: {
  target: number;
  onElapsed?: () => void;
  className?: string;
}) {
  const now = useServerNow(1000);
  const left = target - now;
  const fired = useRef(false);
  useEffect(() => {
    if (left > 0) fired.current = false;
    else if (!fired.current) {
      fired.current = true;
      onElapsed?.();
    }
  }, [left, onElapsed]);
  return (
    <span className={className ?? 'countdown'} data-testid="countdown" role="timer">
      {durationText(left)}
    </span>
  );
}
