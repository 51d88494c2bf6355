import { useCodeCountdown } from '../use-code-countdown';

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
