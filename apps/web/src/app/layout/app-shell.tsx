import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { progress } from '../../lib/progress';
import type { RouteMeta } from '../route-table';
import { PageLoading } from './page-loading';

const SITE = '车拍商城';

/** After every navigation: progress done, document title from the route, scroll to top. */
export function AppShell() {
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => (m.handle as { meta?: RouteMeta } | undefined)?.meta)
    ?.handle as { meta: RouteMeta } | undefined;

  useEffect(() => {
    if (navigation.state === 'idle') progress.done();
  }, [navigation.state, location.key]);

  useEffect(() => {
    document.title = meta ? `${meta.meta.title} - ${SITE}` : SITE;
  }, [meta]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // While the next page's code loads (app/router.tsx waits for it), the page on screen is leaving:
  // inert, so nothing typed or clicked lands in it (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  return (
    <div className="app-outlet" inert={leaving}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
