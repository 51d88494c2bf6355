import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedbackProvider } from '../components/feedback';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../lib/request';
import { getSession, saveSession } from '../lib/session';
import { mockApi } from '../testing/render';
import { RequestUiBridge } from './request-ui-bridge';

const api = mockApi();
// jsdom does not compute pseudo-element styles; antd's scroll lock asks for them when a dialog opens.
const computedStyle = window.getComputedStyle.bind(window);
vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computedStyle(elt));
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  localStorage.clear();
  saveSession({ token: 'tok-1', role: 'buyer', buyerName: '张三' });
  window.history.pushState(null, '', '/lot/42?tab=bids');
  api.onGet('/me').reply(401, { code: 401, msg: '登录状态已过期，请重新登录', data: null });
  navigate = vi.fn<(path: string) => void>();
  render(
    <FeedbackProvider>
      <RequestUiBridge navigate={navigate} />
    </FeedbackProvider>,
  );
});
afterEach(() => {
  cleanup();
  api.reset();
});

/** Three requests fail with 401 at once, as a page's parallel queries do when the token expires. */
async function expireThreeTimes() {
  await act(async () => {
    await Promise.allSettled([request.get('/me'), request.get('/me'), request.get('/me')]);
  });
}

const dialogs = () => screen.queryAllByRole('dialog').filter((d) => d.textContent?.includes('系统提示'));

// Rendering antd in jsdom is slow on a busy machine; the default 5 s is too tight.
describe('the 401 dialog', { timeout: 30_000 }, () => {
  it('opens once for many 401s; 重新登录 clears the session and goes to /login?redirect=current path', async () => {
    await expireThreeTimes();
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(dialogs()[0]!.textContent).toContain('登录状态已过期');
    expect(getSession()?.token).toBe('tok-1');

    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Flot%2F42%3Ftab%3Dbids');
    expect(getSession()).toBeNull();
  });

  it('取消 keeps the session and the page, and the dialog can open again later', async () => {
    await expireThreeTimes();
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('tok-1');

    await expireThreeTimes();
    await waitFor(() => expect(dialogs()).toHaveLength(1));
  });
});
