import type { ReactNode } from 'react';

/** The colours of antd's preset tags that the mall uses; `default` is antd's grey tag. */
export type TagColor = 'default' | 'red' | 'volcano' | 'orange' | 'gold' | 'green' | 'blue' | 'cyan';

/** The classes of a tag of that colour (`.tag` in styles/global.css). */
export const tagClass = (color: TagColor) => `tag tag-${color === 'default' ? 'plain' : color}`;

/** A tag drawn like antd's preset Tag, without antd. */
export const Tag = ({ color, children }: { color: TagColor; children: ReactNode }) => (
  <span className={tagClass(color)}>{children}</span>
);
