import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';

/**
 * A page with a left menu and the chosen child route on the right. Each item's key is the last
 * path segment under `base` unless the item names its own address (`to`); an address matching none
 * selects `fallback`.
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = items.find((i) => pathname.endsWith(`/${i.key}`))?.key ?? fallback;
  return (
    <div className="container page-with-aside">
      <aside className="page-aside">
        <div className="aside-title">{title}</div>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={items.map(({ key, label }) => ({ key, label }))}
          onClick={({ key }) => void navigate(items.find((i) => i.key === key)?.to ?? `${base}/${key}`)}
        />
      </aside>
      <section className="page-body">
        <Outlet />
      </section>
    </div>
  );
}
