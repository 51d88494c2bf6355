import { matchRoutes, type RouteObject } from 'react-router';
import type { AppRoute } from './route-table';

const toMatchable = (route: AppRoute): RouteObject => ({
  path: route.path,
  handle: route.meta,
  ...(route.children ? { children: route.children.map(toMatchable) } : {}),
});

/**
 * Where a logged-out visitor to a protected page is sent: the login page, on the seller tab
 * (`type=2`) when only a seller may see the page, coming back to the page afterwards.
 */
export function loginRedirectFor(routes: AppRoute[], pathname: string, search = ''): string {
  const matches = matchRoutes(routes.map(toMatchable), pathname) ?? [];
  const meta = matches.at(-1)?.route.handle as AppRoute['meta'] | undefined;
  const sellerOnly = Boolean(meta?.permission.length && meta.permission.every((p) => p === 'seller'));
  const back = `redirect=${encodeURIComponent(pathname + search)}`;
  return sellerOnly ? `/login?type=2&${back}` : `/login?${back}`;
}
