import type { ReactNode } from 'react';

/** A coloured notice box drawn like antd's Alert with an icon, without antd. */
export function Notice({
  type,
  message,
  description,
  className,
  ...rest
}: {
  type: 'info' | 'warning' | 'success' | 'error';
  message: ReactNode;
  description?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={`plain-notice plain-notice-${type}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      {/* The icon's mark is drawn by CSS, so it is not part of the notice's text. */}
      <span className="plain-notice-icon" aria-hidden="true" />
      <div>
        <div className="plain-notice-message">{message}</div>
        {description && <div className="plain-notice-description">{description}</div>}
      </div>
    </div>
  );
}
