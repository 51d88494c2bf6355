import type { notices } from '@chepai/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveNotices, useNoticeBell } from './notice-queries';

type Bell = { count: number; latest: notices.Notice[] };
type Message = notices.UserChannelMessage;

const h = vi.hoisted(() => ({
  answers: [] as Array<(b: unknown) => void>,
  listeners: [] as Array<(m: unknown) => void>,
}));
vi.mock('../lib/api', () => ({
  callApi: () => new Promise((resolve) => h.answers.push(resolve)),
}));
vi.mock('../lib/user-channel', () => ({
  userChannel: () => ({
    subscribe: (l: (m: unknown) => void) => {
      h.listeners.push(l);
      return () => undefined;
    },
  }),
}));

const notice = (id: string): notices.Notice => ({
  id,
  kind: 'lot.startSoon',
  kindText: '开拍提醒',
  title: '20分钟后开拍',
  body: '',
  link: '',
  createdAt: 1,
  updatedAt: 1,
  repeats: 1,
  read: false,
});

describe('the bell kept live', () => {
  it('a read of the count still on its way does not put the older count back over a live notice', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useLiveNotices(true, () => undefined);
        return useNoticeBell(true);
      },
      { wrapper },
    );
    await waitFor(() => expect(h.answers).toHaveLength(1));
    await act(async () => h.answers[0]?.({ count: 0, latest: [] } satisfies Bell));
    await waitFor(() => expect(h.listeners).toHaveLength(1));
    const send = (m: Message) => h.listeners[0]?.(m);

    // The channel's hello asks for the bell again; that read is slow, and a notice comes meanwhile.
    act(() => send({ type: 'hello', unread: 0 }));
    await waitFor(() => expect(h.answers).toHaveLength(2));
    act(() => send({ type: 'notice', notice: notice('7'), unread: 1, popup: true }));
    await waitFor(() => expect(result.current.data?.count).toBe(1));
    await act(async () => {
      h.answers[1]?.({ count: 0, latest: [] } satisfies Bell);
      // Long enough for an answer to reach the cache and its observers (notified on a timer).
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(result.current.data).toEqual({ count: 1, latest: [notice('7')] });
  });
});
