import { Button } from 'antd';
import { useCodeCountdown } from './use-code-countdown';

interface Props {
  /** Checks what it needs (e.g. the phone field) and sends; throws to stay idle. */
  onSend: () => Promise<unknown>;
  disabled?: boolean;
  block?: boolean;
}

/** 获取验证码 as an antd button, for antd forms (the plain pages use plain/send-code-button.tsx). */
export function SendCodeButton({ onSend, disabled, block }: Props) {
  const { left, sending, send, label } = useCodeCountdown(onSend);
  return (
    <Button
      className="send-code-button"
      onClick={() => void send()}
      loading={sending}
      disabled={disabled || left > 0}
      block={block}
      data-testid="send-code"
    >
      {label}
    </Button>
  );
}
