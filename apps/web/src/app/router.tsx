import { createElement, lazy, useState, type ComponentType } from 'react';
import {
  Navigate,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  type Params,
  type RouteObject,
} from 'react-router';
import type { Role } from '@chepai/shared';
import { getSession } from '../lib/session';
import { navigationGuard } from './guard';
import { queryClient } from './providers';
import { loginRedirectFor } from './login-redirect';
import { prefetchLotDetail } from '../api/lot-detail-query';
import { AntdScope, loadAntdScope } from '../components/antd-scope-lazy';
import { AppShell } from './layout/app-shell';
import { MainLayout } from './layout/main-layout';
import { PageLoading } from './layout/page-loading';
import { allowedPermissions, filterRoutes } from './route-filter';
import { bareRoutes, layoutRoutes, type AppRoute } from './route-table';

type PageLoader = NonNullable<AppRoute['page']>;
/** Pages whose code is in: rendered at once, without React.lazy's suspension and fallback. */
const loadedPages = new Map<PageLoader, ComponentType>();
const loadPage = (loader: PageLoader) =>
  loader().then((m) => {
    loadedPages.set(loader, m.default);
    return m;
  });

const pageCache = new Map<PageLoader, ComponentType>();
function pageOf(route: AppRoute): ComponentType | undefined {
  const loader = route.page;
  if (!loader) return undefined;
  let page = pageCache.get(loader);
  if (!page) {
    const Lazy = lazy(loader);
    // Chosen once per mount, so that a page never changes component under its own state. The
    // router waits for the code (below), so this is the loaded page but where it failed to load;
    // a fallback shown first would hold the page back another 300 ms (React throttles reveals).
    page = function Page() {
      const [Component] = useState(() => loadedPages.get(loader) ?? Lazy);
      return <Component />;
    };
    pageCache.set(loader, page);
  }
  return page;
}

/** A seller gets the seller version of a page or redirect where the table names one. */
function forRole(route: AppRoute, role: Role | null): AppRoute {
  const seller = role === 'seller';
  return {
    ...route,
    ...(seller && route.sellerPage ? { page: route.sellerPage } : {}),
    ...(seller && route.sellerRedirect ? { redirect: route.sellerRedirect } : {}),
    ...(route.children ? { children: route.children.map((c) => forRole(c, role)) } : {}),
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle = { meta: route.meta };
  if (route.redirect) {
    return route.index
      ? { index: true, handle, element: <Navigate to={route.redirect} replace /> }
      : { path: route.path, handle, element: <Navigate to={route.redirect} replace /> };
  }
  const page = pageOf(route);
  return {
    path: route.path,
    handle,
    ...(page ? { element: createElement(page) } : {}),
    ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
  };
}

/** Unknown paths: a page the visitor may not see yet asks them to log in; anything else is a 404. */
function Unmatched() {
  const location = useLocation();
  const known = matchRoutes(layoutRoutes.map(toRouteObject), location.pathname);
  if (known && !getSession()) {
    return <Navigate to={loginRedirectFor(layoutRoutes, location.pathname, location.search)} replace />;
  }
  return <Navigate to="/404" replace />;
}

/** A page outside the layout brings its own antd scope (the layout's is around its outlet). */
function withAntdScope(route: RouteObject): RouteObject {
  return route.element
    ? {
        ...route,
        element: <AntdScope fallback={<PageLoading />}>{route.element}</AntdScope>,
      }
    : route;
}

/**
 * Data a page asks for first, fetched as the navigation starts, beside the page's chunk
 * (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md): the lot page's detail.
 */
const firstData: Record<string, (params: Params) => void> = {
  'carAuction/carAuctionDetail/:orderId': ({ orderId }) => prefetchLotDetail(queryClient, orderId ?? ''),
};

/**
 * Starts fetching the chunks of the pages a URL shows, the antd scope, and the data the page asks
 * for first, as the navigation starts: otherwise each is fetched only once the one around it has
 * rendered. Resolves when the code is in (or has failed: the page's own import then reports it).
 */
function preloadPages(routes: AppRoute[], url: string, data = true): Promise<unknown> {
  const matches = matchRoutes(routes as RouteObject[], new URL(url, window.location.href).pathname);
  if (!matches) return Promise.resolve();
  const loads: Array<Promise<unknown>> = [];
  if (!(matches.at(-1)?.route as AppRoute | undefined)?.meta.plain) loads.push(loadAntdScope());
  for (const m of matches) {
    const route = m.route as AppRoute;
    if (route.page) loads.push(loadPage(route.page));
    if (data) firstData[route.path]?.(m.params);
  }
  return Promise.all(loads.map((l) => l.catch(() => undefined)));
}

/** The routes of the router in use, for the link-intent preloading below. */
let reachableNow: AppRoute[] = [];
let lastIntent = '';

/**
 * A link pointed at or focused is likely to be followed: its page's code starts loading then, so
 * the navigation has less (often nothing) to wait for.
 */
function preloadOnIntent(e: Event) {
  const link = (e.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  if (link.pathname === window.location.pathname || link.href === lastIntent) return;
  lastIntent = link.href;
  void preloadPages(reachableNow, link.href, false);
}
document.addEventListener('pointerover', preloadOnIntent, { passive: true });
document.addEventListener('focusin', preloadOnIntent);

/** The routes a user with this role may reach; rebuilt only when the role changes (login / logout). */
export function createAppRouter(role: Role | null) {
  const allowed = allowedPermissions(role);
  const reachable = [...filterRoutes(layoutRoutes, allowed), ...bareRoutes].map((r) => forRole(r, role));
  reachableNow = reachable;
  return createBrowserRouter([
    {
      id: 'root',
      element: <AppShell />,
      // A navigation completes (the address changes, the new page replaces the old one) only once
      // the new page's code is in: until then the old page stays, marked inert by AppShell, and
      // what is typed cannot land in a page that is about to go. The first load waits too (the
      // route preload script fetched the page's chunks beside the entry), so the page paints with
      // the shell instead of after a loading placeholder
      // (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
      loader: async (args) => {
        const [guard] = await Promise.all([navigationGuard(args), preloadPages(reachable, args.request.url)]);
        return guard;
      },
      shouldRevalidate: () => true,
      HydrateFallback: () => null,
      children: [
        { index: true, element: <Navigate to="/home" replace /> },
        {
          element: <MainLayout />,
          children: filterRoutes(layoutRoutes, allowed).map((r) => toRouteObject(forRole(r, role))),
        },
        ...bareRoutes.map((r) => (r.meta.plain ? toRouteObject(r) : withAntdScope(toRouteObject(r)))),
        { path: '*', element: <Unmatched /> },
      ],
    },
  ]);
}
