import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useEffect, useRef, type CSSProperties, type Ref } from 'react';
import { Icon } from '../plain/icon';
import './upload.css';

/**
 * The file input behind a plain upload button: not shown, opened by the button's click. Its value
 * is cleared after each selection, so the same file can be chosen again.
 */
export function FileInput({
  inputRef,
  accept,
  multiple,
  onFiles,
}: {
  inputRef: Ref<HTMLInputElement>;
  accept: string;
  multiple: boolean;
  onFiles: (chosen: File[]) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      tabIndex={-1}
      accept={accept}
      multiple={multiple}
      onChange={(e) => {
        const chosen = Array.from(e.currentTarget.files ?? []);
        e.currentTarget.value = '';
        if (chosen.length) onFiles(chosen);
      }}
    />
  );
}

/** A file's upload progress: a thin bar (antd's line Progress) or, with `ring`, a circle. */
export function UploadProgress({ percent, label, ring }: { percent: number; label: string; ring?: boolean }) {
  return (
    <div
      className={ring ? 'upload-progress-ring' : 'upload-progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      style={{ '--percent': `${percent}%` } as CSSProperties}
    >
      {ring ? <span>{percent}%</span> : <span className="upload-progress-bar" />}
    </div>
  );
}

/**
 * A picture shown over the page (antd's Image preview, kept small): closed by its button, a click
 * beside the picture or Escape; the focus goes back where it was.
 */
export function ImagePreview({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      // The close button is all there is to reach: the focus stays in the dialog.
      if (e.key === 'Tab') e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);
  return (
    <div
      className="upload-preview"
      role="dialog"
      aria-modal="true"
      aria-label={`预览：${alt}`}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <img src={src} alt={alt} />
      <button
        type="button"
        className="upload-preview-close"
        aria-label="关闭预览"
        autoFocus
        onClick={onClose}
      >
        <Icon icon={CloseOutlined} />
      </button>
    </div>
  );
}
