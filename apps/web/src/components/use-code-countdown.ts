import { CODE_RESEND_SECONDS } from '@chepai/shared';
import { useEffect, useState } from 'react';
import { useFeedback } from './feedback';

/**
 * 获取验证码 with the 60-second countdown after each successful send
 * (docs/product.md#8-accounts-and-sessions), for the antd button and the plain one alike.
 * `onSend` checks what it needs (e.g. the phone field) and sends; it throws to stay idle.
 */
export function useCodeCountdown(onSend: () => Promise<unknown>) {
  const { message } = useFeedback();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      await onSend();
      setLeft(CODE_RESEND_SECONDS);
      void message.success('验证码已发送');
    } catch {
      /* the form or the request layer has already said why */
    } finally {
      setSending(false);
    }
  };

  return { left, sending, send, label: left > 0 ? `${left}秒后重新获取` : '获取验证码' };
}
