import { Link, Outlet, useLocation } from 'react-router';

/**
 * A page with a left menu and the chosen child route on the right. Each item's key is the last
 * path segment under `base` unless the item names its own address (`to`); an address matching none
 * selects `fallback`. The menu is plain links drawn like antd's inline Menu, so the layout itself
 * loads no antd (docs/decisions/034-every-public-page-under-its-ceiling.md).
 */
export function AsideLayout({
  title,
  base,
  items,
  fallback,
}: {
  title: string;
  base: string;
  items: readonly { key: string; label: string; to?: string }[];
  fallback: string;
}) {
  const { pathname } = useLocation();
  const current = items.find((i) => pathname.endsWith(`/${i.key}`))?.key ?? fallback;
  return (
    <div className="container page-with-aside">
      <aside className="page-aside">
        <div className="aside-title" id="aside-title">
          {title}
        </div>
        <ul className="aside-menu" role="menu" aria-labelledby="aside-title">
          {items.map((i) => (
            <li key={i.key} role="none">
              <Link
                role="menuitem"
                to={i.to ?? `${base}/${i.key}`}
                aria-current={i.key === current ? 'page' : undefined}
                className={i.key === current ? 'selected' : undefined}
              >
                {i.label}
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <section className="page-body">
        <Outlet />
      </section>
    </div>
  );
}
