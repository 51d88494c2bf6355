import { useEffect } from 'react';
import { getToken } from './session';

/**
 * Tells the user channel which lot page is open, so that outbid SMS for this lot is spared while
 * the buyer watches it live (docs/decisions/026-notice-delivery.md). The channel loads lazily.
 */
export function useViewingLot(orderId: string | null) {
  useEffect(() => {
    if (!orderId || !getToken()) return;
    let active = true;
    const channel = import('./user-channel').then((m) => {
      const c = m.userChannel();
      if (active) c.view(orderId);
      return c;
    });
    return () => {
      active = false;
      void channel.then((c) => c.view(null));
    };
  }, [orderId]);
}
