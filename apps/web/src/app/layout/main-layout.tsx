import { FloatButton, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteMeta } from '../route-table';
import { Breadcrumbs } from './breadcrumbs';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function MainLayout() {
  const matches = useMatches();
  const hideFooter = matches.some((m) => (m.handle as { meta?: RouteMeta } | undefined)?.meta?.hideFooter);
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <Breadcrumbs />
        <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '120px auto' }} />}>
          <Outlet />
        </Suspense>
      </main>
      {hideFooter ? null : <SiteFooter />}
      <FloatButton.BackTop visibilityHeight={300} tooltip="回到顶部" />
    </div>
  );
}
