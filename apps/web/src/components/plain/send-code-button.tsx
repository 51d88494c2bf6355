import { useCodeCountdown } from '../use-code-countdown';
import type { TextBinding } from './use-plain-form';

/** 获取验证码 as a plain button (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md). */
export function PlainSendCodeButton({ onSend }: { onSend: () => Promise<unknown> }) {
  const { left, sending, send, label } = useCodeCountdown(onSend);
  return (
    <button
      type="button"
      className="btn btn-large send-code-button"
      onClick={() => void send()}
      disabled={sending || left > 0}
      aria-busy={sending}
      data-testid="send-code"
    >
      {label}
    </button>
  );
}

/** A 6-digit SMS code input bound to its field, with the send button beside it (`.plain-code-row`). */
export function CodeInput({ input, onSend }: { input: TextBinding; onSend: () => Promise<unknown> }) {
  return (
    <div className="plain-code-row">
      <input
        {...input}
        className="plain-input"
        placeholder="请输入6位验证码"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <PlainSendCodeButton onSend={onSend} />
    </div>
  );
}
