import type { CSSProperties, ReactNode } from 'react';
import './plain-descriptions.css';

export interface DescriptionItem {
  label: string;
  children: ReactNode;
  /** The value takes the whole row (two-column lists). */
  wide?: boolean;
}

/**
 * Facts as label–value pairs, drawn like antd's bordered Descriptions, without antd
 * (docs/decisions/056-account-pages-without-antd.md). `columns={2}` puts two pairs in a row from
 * 576 px up, one below; a pair left alone at the end of a row takes the row. On a phone the labels'
 * column narrows so that the values keep the room.
 */
export function Descriptions({
  items,
  columns = 1,
  labelWidth = 180,
  small,
  className,
  ...rest
}: {
  items: DescriptionItem[];
  columns?: 1 | 2;
  labelWidth?: number;
  /** Tighter cells (antd's size small): facts beside other content. */
  small?: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  let at = 0;
  const wide = items.map((item, i) => {
    const next = items[i + 1];
    const alone = columns === 2 && at === 0 && (!next || next.wide);
    const takesRow = item.wide || alone;
    at = takesRow ? 0 : (at + 1) % columns;
    return columns === 2 && takesRow;
  });
  return (
    <dl
      className={['plain-descriptions', columns === 2 ? 'two' : '', small ? 'small' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={{ '--desc-label': `${labelWidth}px` } as CSSProperties}
      {...rest}
    >
      {items.map((item, i) => (
        <div key={item.label} className={wide[i] ? 'wide' : undefined}>
          <dt>{item.label}</dt>
          <dd>{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}
