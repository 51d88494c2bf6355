import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedbackProvider } from '../../../components/feedback';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { login } from '../api/auth-api';
import LoginPage from './login-page';

vi.mock('../api/auth-api', () => ({
  login: vi.fn(),
  sendLoginCode: vi.fn(),
}));

const user = { token: 't'.repeat(43), role: 'buyer' as const, buyerName: '陈静' };

beforeAll(installMatchMedia);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.mocked(login).mockReset();
});

async function logIn(firstLogin: boolean): Promise<string> {
  vi.mocked(login).mockResolvedValue({ user, firstLogin });
  render(
    <FeedbackProvider>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/home" element={<div>home</div>} />
        </Routes>
      </MemoryRouter>
    </FeedbackProvider>,
  );
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Chepai2026' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  });
  await waitFor(() => expect(login).toHaveBeenCalled());
  const notice = await screen.findByText(/欢迎/);
  return notice.textContent ?? '';
}

// antd's form mounts slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('LoginPage welcome', () => {
  it('welcomes a first login without "back"', async () => {
    const text = await logIn(true);
    expect(text).toContain('陈静');
    expect(text).not.toContain('欢迎回来');
  });

  it('welcomes a returning user back', async () => {
    expect(await logIn(false)).toContain('欢迎回来，陈静');
  });
});
