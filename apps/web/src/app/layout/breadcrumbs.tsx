import { Link, useMatches } from 'react-router';
import type { RouteMeta } from '../route-table';
import { useCurrentTail, type Crumb } from '../../lib/breadcrumb-tail';

/** 当前位置: matched routes flagged for the breadcrumb; the last is plain text, the others links. */
export function Breadcrumbs() {
  const matches = useMatches();
  const tail = useCurrentTail();
  const fromRoutes: Crumb[] = [];
  for (const m of matches) {
    const meta = (m.handle as { meta?: RouteMeta } | undefined)?.meta;
    if (meta?.breadcrumb && fromRoutes.at(-1)?.title !== meta.title)
      fromRoutes.push({ title: meta.title, to: m.pathname });
  }
  if (!fromRoutes.length) return null;
  const crumbs: Crumb[] = [
    { title: '首页', to: '/home' },
    ...(tail ? [...fromRoutes.slice(0, -1), ...tail] : fromRoutes),
  ];
  return (
    <nav className="breadcrumbs container" aria-label="当前位置">
      <span className="breadcrumbs-label">当前位置：</span>
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        return (
          <span key={`${c.title}-${i}`} className="breadcrumbs-item">
            {last || !c.to ? (
              <span aria-current={last ? 'page' : undefined}>{c.title}</span>
            ) : (
              <Link to={c.to}>{c.title}</Link>
            )}
            {last ? null : <span className="breadcrumbs-sep">&gt;</span>}
          </span>
        );
      })}
    </nav>
  );
}
