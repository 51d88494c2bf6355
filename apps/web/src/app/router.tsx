import { createElement, lazy, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, useLocation, type RouteObject } from 'react-router';
import type { Role } from '@chepai/shared';
import { getSession } from '../lib/session';
import { navigationGuard } from './guard';
import { loginRedirectFor } from './login-redirect';
import { AntdScope, preloadAntdScope } from '../components/antd-scope-lazy';
import { AppShell } from './layout/app-shell';
import { MainLayout } from './layout/main-layout';
import { PageLoading } from './layout/page-loading';
import { allowedPermissions, filterRoutes } from './route-filter';
import { bareRoutes, layoutRoutes, type AppRoute } from './route-table';

const pageCache = new Map<AppRoute['page'], ComponentType>();
function pageOf(route: AppRoute): ComponentType | undefined {
  if (!route.page) return undefined;
  let page = pageCache.get(route.page);
  if (!page) {
    page = lazy(route.page);
    pageCache.set(route.page, page);
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
 * Starts fetching the chunks of the pages a URL shows, and the antd scope, as the navigation starts:
 * otherwise each is fetched only once the one around it has rendered.
 */
function preloadPages(routes: AppRoute[], url: string) {
  const matches = matchRoutes(routes as RouteObject[], new URL(url).pathname) ?? [];
  if (!(matches.at(-1)?.route as AppRoute | undefined)?.meta.plain) preloadAntdScope();
  for (const m of matches) void (m.route as AppRoute).page?.().catch(() => undefined);
}

/** The routes a user with this role may reach; rebuilt only when the role changes (login / logout). */
export function createAppRouter(role: Role | null) {
  const allowed = allowedPermissions(role);
  const reachable = [...filterRoutes(layoutRoutes, allowed), ...bareRoutes].map((r) => forRole(r, role));
  return createBrowserRouter([
    {
      id: 'root',
      element: <AppShell />,
      loader: (args) => {
        preloadPages(reachable, args.request.url);
        return navigationGuard(args);
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
