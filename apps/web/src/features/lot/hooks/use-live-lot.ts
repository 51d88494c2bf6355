import type { LiveEvent } from '@chepai/shared';
import type { LotDetail } from '@chepai/shared/contracts/lots';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { beijing, yuanText } from '../../../components/lots/format';
import type { LiveStatus } from '../../../lib/live';
import { useLotLive } from '../../../lib/use-lot-live';
import { useFeedback } from '../../../components/feedback';

/** The part of the lot the live channel moves. */
export interface LiveLot {
  status: number;
  currentPrice: string | null;
  bidCount: number;
  endTime: number;
  extendedTo: number | null;
  finalPrice: string | null;
  winnerNo: string | null;
  /** Whether the caller holds the top bid, flipped at once by the live channel. */
  leading: boolean;
  /** Paused by the platform: no bids until it resumes. */
  paused: boolean;
  connection: LiveStatus;
}

const fromLot = (lot: LotDetail): Omit<LiveLot, 'connection'> => ({
  status: lot.status,
  currentPrice: lot.bidCount ? lot.currentPrice : null,
  bidCount: lot.bidCount,
  endTime: lot.endTime,
  extendedTo: null,
  finalPrice: lot.status === 5 ? lot.currentPrice : null,
  winnerNo: null,
  leading: lot.leading,
  paused: lot.paused,
});

/**
 * Lot detail + live events. Every bid refreshes the page's queries (bid list, my state). For a
 * buyer the connection is authenticated, so each bid says whether it is `mine`: a bid by someone
 * else while I lead flips me to 已出局 and raises the 您已被超越 notice at once.
 */
export function useLiveLot(lot: LotDetail, asBuyer: boolean): LiveLot {
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const [state, setState] = useState(() => fromLot(lot));
  const leading = useRef(lot.leading);
  useEffect(() => {
    leading.current = lot.leading;
    setState((s) => ({
      ...fromLot(lot),
      extendedTo: s.extendedTo,
      winnerNo: s.winnerNo,
      bidCount: Math.max(s.bidCount, lot.bidCount),
    }));
  }, [lot]);

  const onEvent = (e: LiveEvent) => {
    if (e.type === 'lot.snapshot') {
      setState((s) => ({
        ...s,
        status: e.status,
        currentPrice: e.currentPrice,
        bidCount: e.bidCount,
        endTime: e.endTime,
        paused: e.paused ?? s.paused,
      }));
      return;
    }
    if (e.type === 'lot.control') {
      setState((s) => ({ ...s, paused: e.paused, endTime: e.endTime, status: e.status }));
      notification.info({ key: `control-${lot.orderId}`, message: e.note });
      void queryClient.invalidateQueries({ queryKey: ['lot', lot.orderId] });
      return;
    }
    if (e.type === 'bid.placed') {
      setState((s) => ({
        ...s,
        status: e.status,
        currentPrice: e.amount,
        bidCount: e.bidCount,
        endTime: e.endTime,
      }));
      const wasLeading = leading.current;
      if (asBuyer) leading.current = e.mine;
      setState((s) => ({ ...s, leading: leading.current }));
      if (asBuyer && wasLeading && !e.mine) {
        notification.warning({
          key: `outbid-${lot.orderId}`,
          message: '您的出价已被超越',
          description: `${lot.title} 当前价 ${yuanText(e.amount)}，请及时加价`,
          placement: 'topRight',
        });
      }
      void queryClient.invalidateQueries({ queryKey: ['lot', lot.orderId] });
      return;
    }
    if (e.type === 'lot.extended') {
      setState((s) => ({ ...s, status: 4, endTime: e.endTime, extendedTo: e.endTime }));
      notification.info({
        key: `extended-${lot.orderId}`,
        message: `延时竞价：结束时间延长至 ${beijing(e.endTime, 'full').slice(11)}`,
      });
      return;
    }
    setState((s) => ({ ...s, status: e.status, finalPrice: e.finalPrice, winnerNo: e.winnerNo }));
    void queryClient.invalidateQueries({ queryKey: ['lot', lot.orderId] });
  };
  const watching = (lot.status >= 2 && lot.status <= 4) || (state.status >= 2 && state.status <= 4);
  const connection = useLotLive(watching ? lot.orderId : null, onEvent);
  return { ...state, connection };
}
