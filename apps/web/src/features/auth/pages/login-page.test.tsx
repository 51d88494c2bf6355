import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedbackProvider } from '../../../components/feedback';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { login, sendLoginCode } from '../api/auth-api';
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
  vi.mocked(sendLoginCode).mockReset();
});

function renderLogin() {
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
}

async function logIn(firstLogin: boolean): Promise<string> {
  vi.mocked(login).mockResolvedValue({ user, firstLogin });
  renderLogin();
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Chepai2026' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  });
  await waitFor(() => expect(login).toHaveBeenCalled());
  // The toast loads antd's message on first use: give a busy machine time (a bound, not a timing).
  const notice = await screen.findByText(/欢迎/, {}, { timeout: 15_000 });
  return notice.textContent ?? '';
}

// The feedback toasts load antd, slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** The message shown for a field, found through the field's own aria-describedby. */
function messageOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

describe('LoginPage validation', () => {
  it('shows every message beside its field, marks the field invalid and sends nothing', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    const tel = screen.getByLabelText('手机号');
    const password = screen.getByLabelText('密码');
    expect(tel.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(tel)).toBe('请输入手机号');
    expect(messageOf(password)).toBe('请输入密码');
    expect(document.activeElement).toBe(tel);
    fireEvent.change(tel, { target: { value: '1380013' } });
    expect(messageOf(tel)).toBe('请输入正确的11位手机号');
    fireEvent.change(tel, { target: { value: '13800138000' } });
    expect(tel.getAttribute('aria-invalid')).toBe('false');
    expect(messageOf(tel)).toBeNull();
    expect(login).not.toHaveBeenCalled();
  });

  it('checks the phone before sending an SMS code, on the 验证码登录 tab', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    expect(screen.getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    });
    expect(messageOf(screen.getByLabelText('手机号'))).toBe('请输入手机号');
    expect(sendLoginCode).not.toHaveBeenCalled();
    vi.mocked(sendLoginCode).mockResolvedValue({ resendSeconds: 60 });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    });
    expect(sendLoginCode).toHaveBeenCalledWith('13800138000');
    await screen.findByRole('button', { name: '60秒后重新获取' });
  });

  it('moves between the two kinds of account with the arrow keys', () => {
    renderLogin();
    const buyer = screen.getByRole('tab', { name: '竞买人登录' });
    buyer.focus();
    fireEvent.keyDown(buyer, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('处置单位登录');
    expect(screen.getByTestId('seller-sso')).toBeTruthy();
  });
});

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
