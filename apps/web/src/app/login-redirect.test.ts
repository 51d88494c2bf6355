import { describe, expect, it } from 'vitest';
import { loginRedirectFor } from './login-redirect';
import { layoutRoutes, type AppRoute } from './route-table';

/** Every path in the table whose own permission list is seller-only, with sample ids. */
function sellerOnlyPaths(routes: AppRoute[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const path = `${prefix}/${r.path}`.replace(/:[a-zA-Z]+\??/g, '42').replace(/\/+$/, '');
    const own = r.meta.permission.length && r.meta.permission.every((p) => p === 'seller') ? [path] : [];
    return [...own, ...(r.children ? sellerOnlyPaths(r.children, path) : [])];
  });
}

describe('loginRedirectFor', () => {
  it('sends a logged-out visit to /disposeCar to the seller tab', () => {
    expect(loginRedirectFor(layoutRoutes, '/disposeCar')).toBe('/login?type=2&redirect=%2FdisposeCar');
  });

  it('uses the seller tab for every seller-only route in the table', () => {
    const paths = sellerOnlyPaths(layoutRoutes);
    expect(paths).toEqual(expect.arrayContaining(['/disposeCar', '/orderSuccess', '/detailInfo/42']));
    for (const path of paths) expect(loginRedirectFor(layoutRoutes, path)).toMatch(/^\/login\?type=2&/);
  });

  it('keeps the buyer form for buyer pages and pages both roles share, with the query', () => {
    expect(loginRedirectFor(layoutRoutes, '/promiseMoneyReport/7', '?x=1')).toBe(
      '/login?redirect=%2FpromiseMoneyReport%2F7%3Fx%3D1',
    );
    expect(loginRedirectFor(layoutRoutes, '/personalCenter/securitySettings')).toBe(
      '/login?redirect=%2FpersonalCenter%2FsecuritySettings',
    );
    expect(loginRedirectFor(layoutRoutes, '/buyerDetailInfo/9')).toBe(
      '/login?redirect=%2FbuyerDetailInfo%2F9',
    );
  });
});
