import './plain-form.css';

/** Numbered steps drawn like antd's Steps, the current one marked `aria-current="step"`. */
export function Steps({ items, current }: { items: string[]; current: number }) {
  return (
    <ol className="plain-steps">
      {items.map((title, i) => (
        <li
          key={title}
          className={i < current ? 'done' : i === current ? 'current' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="plain-step-icon" aria-hidden="true">
            {i < current ? '✓' : i + 1}
          </span>
          <span className="plain-step-title">{title}</span>
          {i < current ? <span className="sr-only">（已完成）</span> : null}
        </li>
      ))}
    </ol>
  );
}
