import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { mockApi, ok, renderWithApp } from '../../../testing/render';
import OrderSuccessPage from './order-success-page';

installMatchMedia();
const api = mockApi();
afterEach(() => {
  cleanup();
  api.reset();
});
afterAll(() => api.restore());

describe('提交成功 page', { timeout: 30_000 }, () => {
  it('opened without a submission number, asks the server nothing (no 400, no error toast)', async () => {
    api.onAny().reply(400, { code: 400, msg: '参数 orderId：编号格式不正确', data: null });
    renderWithApp(<OrderSuccessPage />, { path: '/orderSuccess' });
    await screen.findByText('提交成功，等待平台审核');
    await new Promise((r) => setTimeout(r, 200));
    expect(api.history.get.length + api.history.post.length).toBe(0);
    expect(screen.getByTestId('order-success-id').textContent).toBe('—');
  });

  it('with a number, shows the order it names', async () => {
    api
      .onAny()
      .reply(() => ok({ orderId: '42', title: '2021款 丰田卡罗拉', plateNo: '京A·12345', status: 0 }));
    renderWithApp(<OrderSuccessPage />, { path: '/orderSuccess?orderId=42' });
    await screen.findByText(/2021款 丰田卡罗拉/);
    expect(api.history.get.length + api.history.post.length).toBe(1);
  });
});
