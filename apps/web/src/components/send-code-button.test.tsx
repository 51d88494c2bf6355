import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FeedbackProvider } from './feedback';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainSendCodeButton } from './plain/send-code-button';
import { SendCodeButton } from './send-code-button';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const button = () => screen.getByTestId('send-code');

describe.each([
  ['antd', SendCodeButton],
  ['plain', PlainSendCodeButton],
])('%s SendCodeButton', (_kind, Button) => {
  it('counts down 60 seconds after a successful send, then allows another', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(
      <FeedbackProvider>
        <Button onSend={onSend} />
      </FeedbackProvider>,
    );
    await act(async () => {
      fireEvent.click(button());
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('60秒后重新获取');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 59; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button().textContent).toBe('1秒后重新获取');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent?.replace(/\s/g, '')).toBe('获取验证码');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('stays idle when sending fails (bad phone, 429)', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('发送过于频繁'));
    render(
      <FeedbackProvider>
        <Button onSend={onSend} />
      </FeedbackProvider>,
    );
    await act(async () => {
      fireEvent.click(button());
    });
    expect(button().textContent?.replace(/\s/g, '')).toBe('获取验证码');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });
});
