import type { ReactNode } from 'react';
import './plain-form.css';

/** A step: its title, and a line under it (when it happened or is due). */
export interface StepItem {
  title: string;
  description?: ReactNode;
}

/**
 * Numbered steps drawn like antd's Steps, the current one marked `aria-current="step"`; `current`
 * past the last step: all are done. `status="error"`: the current step failed (it is crossed, and
 * nothing after it is due). `stack`: below 768 px the steps stand one under another (a phone).
 * `onChange`: the steps are buttons that go to their step (a form's steps, any order); `disabled`:
 * they wait (a file still on its way).
 */
export function Steps({
  items,
  current,
  status,
  stack,
  className,
  onChange,
  disabled,
}: {
  items: Array<string | StepItem>;
  current: number;
  status?: 'error';
  stack?: boolean;
  className?: string;
  onChange?: (step: number) => void;
  disabled?: boolean;
}) {
  const failed = status === 'error';
  return (
    <ol className={['plain-steps', stack ? 'stack' : '', className ?? ''].filter(Boolean).join(' ')}>
      {items.map((item, i) => {
        const { title, description } = typeof item === 'string' ? { title: item, description: null } : item;
        const state =
          i < current ? 'done' : i === current ? (failed ? 'current failed' : 'current') : undefined;
        const icon = (
          <span className="plain-step-icon" aria-hidden="true">
            {i < current ? '✓' : i === current && failed ? '✕' : i + 1}
          </span>
        );
        if (onChange)
          return (
            <li key={title} className={state}>
              <button
                type="button"
                className="plain-step-button"
                aria-current={i === current ? 'step' : undefined}
                disabled={disabled}
                onClick={() => onChange(i)}
              >
                {icon}
                <span className="plain-step-text">
                  <span className="plain-step-title">{title}</span>
                </span>
              </button>
            </li>
          );
        return (
          <li key={title} className={state} aria-current={i === current ? 'step' : undefined}>
            {icon}
            <span className="plain-step-text">
              <span className="plain-step-title">{title}</span>
              {i < current ? <span className="sr-only">（已完成）</span> : null}
              {i === current && failed ? <span className="sr-only">（未完成）</span> : null}
              {description ? <span className="plain-step-description">{description}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
