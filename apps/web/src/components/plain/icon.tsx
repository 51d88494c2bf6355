import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * One of antd's outlined icons, drawn from its path data (`@ant-design/icons-svg`) without the
 * `@ant-design/icons` runtime: 1em square in the text's colour, like `.anticon`. Decorative; the
 * text beside it names the thing.
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={className ? `plain-icon ${className}` : 'plain-icon'} aria-hidden="true">
      <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {(svg.children ?? []).map((child, i) =>
          child.tag === 'path' ? <path key={i} d={String(child.attrs.d)} /> : null,
        )}
      </svg>
    </span>
  );
}
