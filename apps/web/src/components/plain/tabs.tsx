import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './plain-form.css';

interface Props<K extends string> {
  /** What the tabs choose between, read before the tabs (e.g. 登录方式). */
  label: string;
  items: Array<{ key: K; label: string }>;
  active: K;
  onChange: (key: K) => void;
  className?: string;
  children: ReactNode;
}

/**
 * Tabs drawn like antd's line Tabs, without antd: a tablist whose arrow keys, Home and End move
 * between the tabs (the active one is the only tab stop), and the active tab's panel.
 */
export function Tabs<K extends string>({ label, items, active, onChange, className, children }: Props<K>) {
  const prefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${prefix}-tab-${key}`;
  const onKeyDown = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === active);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    const next = items[to];
    if (!next) return;
    e.preventDefault();
    onChange(next.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={className}>
      <div className="plain-tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={tabId(item.key)}
            aria-selected={item.key === active}
            aria-controls={`${prefix}-panel`}
            tabIndex={item.key === active ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </div>
  );
}
