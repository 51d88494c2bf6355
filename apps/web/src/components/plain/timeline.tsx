import type { ReactNode } from 'react';
import './plain-timeline.css';

/** Events one under another on a line, each with its dot (antd's Timeline, without antd). */
export function Timeline({ items }: { items: Array<{ key: string; children: ReactNode }> }) {
  return (
    <ol className="plain-timeline">
      {items.map((item) => (
        <li key={item.key}>{item.children}</li>
      ))}
    </ol>
  );
}
