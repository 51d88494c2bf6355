import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { installMatchMedia } from '../../testing/antd-jsdom';
import { mockApi, ok, renderWithApp } from '../../testing/render';
import type { Reply } from '../../testing/mock-api';
import { WatchHeart } from './watch-heart';

beforeAll(installMatchMedia);
// antd mounts slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const api = mockApi();
afterEach(() => {
  cleanup();
  api.reset();
  localStorage.clear();
});

/** An answer held until `release()`: the server's answer to a read taken before a write. */
function held<T = Reply>() {
  let release: (answer: T) => void = () => undefined;
  const reply = new Promise<T>((resolve) => (release = resolve));
  return { reply, release };
}

describe('WatchHeart', () => {
  it('stays 已关注 when the list of watched lots, read before the click, answers after it', async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    const first = held();
    let reads = 0;
    let watched = false;
    api.onGet('/mall-auction/user/watch/ids').reply(() => {
      reads++;
      // The first read is the page's, taken before the click; later reads see the server as it is.
      return reads === 1 ? first.reply : ok(watched ? ['1001'] : []);
    });
    api.onPost('/mall-auction/user/watch').reply(() => {
      watched = true;
      return ok({ watching: true, watchers: 1 });
    });
    renderWithApp(<WatchHeart orderId="1001" label />);
    const heart = await screen.findByTestId('watch-heart');
    await act(async () => {
      fireEvent.click(heart);
    });
    await screen.findByText('已关注');
    // The stale read lands now: it must not turn the heart back.
    await act(async () => {
      first.release(ok([]));
      await first.reply;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('watch-heart').textContent).toBe('已关注');
    expect(screen.getByTestId('watch-heart').getAttribute('aria-pressed')).toBe('true');
  });

  it('reads the watched lots again when the write fails after cancelling the first read', async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    const first = held();
    let reads = 0;
    api.onGet('/mall-auction/user/watch/ids').reply(() => {
      reads++;
      return reads === 1 ? first.reply : ok(['900']);
    });
    api.onPost('/mall-auction/user/watch').networkError();
    renderWithApp(
      <>
        <WatchHeart orderId="900" />
        <WatchHeart orderId="1001" label />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '关注该车辆' })[1] as HTMLElement);
    });
    // The read the click cancelled is taken again: the hearts show the server's list, not nothing.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消关注' })).toHaveLength(1));
    expect(reads).toBe(2);
    expect(screen.getByText('关注')).toBeTruthy();
  });

  it('adds the lot to the watched lots it already knows, without reading them again', async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    let reads = 0;
    api.onGet('/mall-auction/user/watch/ids').reply(() => {
      reads++;
      return ok(['900']);
    });
    api.onPost('/mall-auction/user/watch').reply(() => ok({ watching: true, watchers: 3 }));
    renderWithApp(
      <>
        <WatchHeart orderId="900" />
        <WatchHeart orderId="1001" label />
      </>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消关注' })).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '关注该车辆' }));
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消关注' })).toHaveLength(2));
    expect(reads).toBe(1);
  });

  it("keeps the lot's watcher figure when a read of the lot, taken before the click, answers after it", async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    api.onGet('/mall-auction/user/watch/ids').reply(() => ok([]));
    api.onPost('/mall-auction/user/watch').reply(() => ok({ watching: true, watchers: 1 }));
    const stale = held<{ watchers: number }>();
    let reads = 0;
    const readLot = async () => {
      reads++;
      if (reads === 2) return stale.reply;
      return { watchers: reads === 1 ? 0 : 1 };
    };
    function Figure() {
      const qc = useQueryClient();
      const lot = useQuery({ queryKey: ['lot', '1001'], queryFn: readLot });
      return (
        <>
          <span data-testid="figure">{lot.data ? `${lot.data.watchers} 人关注` : ''}</span>
          <button type="button" onClick={() => void qc.refetchQueries({ queryKey: ['lot', '1001'] })}>
            刷新
          </button>
        </>
      );
    }
    renderWithApp(
      <>
        <Figure />
        <WatchHeart orderId="1001" label />
      </>,
    );
    await screen.findByText('0 人关注');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    });
    await waitFor(() => expect(reads).toBe(2));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '关注该车辆' }));
    });
    await screen.findByText('1 人关注');
    // The read taken before the click lands now, with the old figure.
    await act(async () => {
      stale.release({ watchers: 0 });
      await stale.reply;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('figure').textContent).toBe('1 人关注');
  });
});
