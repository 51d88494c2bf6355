import { Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteMeta } from '../route-table';
import { AntdScope, lazyWithAntd } from '../../components/antd-scope-lazy';
import { Breadcrumbs } from './breadcrumbs';
import { PageLoading } from './page-loading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const BackTop = lazyWithAntd(() => import('./back-top'));

/** Becomes true on the first scroll past `y` and stays true. */
function useScrolledPast(y: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (past) return;
    const check = () => window.scrollY > y && setPast(true);
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [past, y]);
  return past;
}

export function MainLayout() {
  const matches = useMatches();
  const metas = matches.map((m) => (m.handle as { meta?: RouteMeta } | undefined)?.meta);
  const hideFooter = metas.some((meta) => meta?.hideFooter);
  const plain = metas.at(-1)?.plain ?? false;
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
  const scrolled = useScrolledPast(300);
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main">
        <Breadcrumbs />
        {plain ? page : <AntdScope fallback={<PageLoading />}>{page}</AntdScope>}
      </main>
      {hideFooter ? null : <SiteFooter />}
      {scrolled ? <BackTop /> : null}
    </div>
  );
}
