import { Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';

/** Asks for a reason of at least two characters (reject, lift a bar, resolve…) before `onSubmit`. */
export function ReasonModal({
  open,
  title,
  okText,
  label,
  hint,
  danger,
  loading,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  okText: string;
  label: string;
  hint?: ReactNode;
  danger?: boolean;
  loading: boolean;
  /** Resolves true when done: the text is then cleared. */
  onSubmit: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading, disabled: text.trim().length < 2 }}
      onOk={() => void onSubmit(text.trim()).then((ok) => ok && setText(''))}
      onCancel={onCancel}
    >
      {hint && <p>{hint}</p>}
      <Input.TextArea
        aria-label={label}
        placeholder={`${label}（至少2个字）`}
        rows={3}
        maxLength={500}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Modal>
  );
}
