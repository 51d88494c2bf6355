import { describe, expect, it } from 'vitest';
import { allowedPermissions, filterRoutes } from './route-filter';
import { layoutRoutes, type AppRoute } from './route-table';

const r = (path: string, permission: AppRoute['meta']['permission'], children?: AppRoute[]): AppRoute => ({
  path,
  meta: { title: path, permission, breadcrumb: true },
  ...(children ? { children } : {}),
});

const table = [
  r('home', []),
  r('promiseMoneyReport', ['buyer']),
  r('disposeCar', ['seller']),
  r(
    'personalCenter',
    ['buyer', 'seller'],
    [r('dealCar', ['buyer']), r('auctionOrder', ['seller']), r('personalInformation', [])],
  ),
  r('compareOnly', ['domesticConsumer']),
  r('sellerArea', ['seller'], [r('publicChild', [])]),
];
const paths = (routes: AppRoute[]): string[] =>
  routes.flatMap((x) => [x.path, ...(x.children ? paths(x.children).map((c) => `${x.path}/${c}`) : [])]);

describe('allowedPermissions (docs/product.md#2-roles-and-permissions)', () => {
  it('is domesticConsumer for a visitor, plus the role once logged in', () => {
    expect(allowedPermissions(null)).toEqual(['domesticConsumer']);
    expect(allowedPermissions('buyer')).toEqual(['buyer', 'domesticConsumer']);
    expect(allowedPermissions('seller')).toEqual(['seller', 'domesticConsumer']);
  });
});

describe('filterRoutes', () => {
  it('keeps public and consumer routes for a visitor and drops protected ones with their children', () => {
    expect(paths(filterRoutes(table, allowedPermissions(null)))).toEqual(['home', 'compareOnly']);
  });

  it('gives a buyer the buyer routes only', () => {
    expect(paths(filterRoutes(table, allowedPermissions('buyer')))).toEqual([
      'home',
      'promiseMoneyReport',
      'personalCenter',
      'personalCenter/dealCar',
      'personalCenter/personalInformation',
      'compareOnly',
    ]);
  });

  it('gives a seller the seller routes only, public children of kept parents included', () => {
    expect(paths(filterRoutes(table, allowedPermissions('seller')))).toEqual([
      'home',
      'disposeCar',
      'personalCenter',
      'personalCenter/auctionOrder',
      'personalCenter/personalInformation',
      'compareOnly',
      'sellerArea',
      'sellerArea/publicChild',
    ]);
  });

  it('does not mutate the table', () => {
    const before = JSON.stringify(table);
    filterRoutes(table, ['buyer']);
    expect(JSON.stringify(table)).toBe(before);
  });

  it('applies the role rules to the real route table', () => {
    const visitor = paths(filterRoutes(layoutRoutes, allowedPermissions(null)));
    for (const p of [
      'home',
      'searchHall',
      'foreshowHall',
      'applyHall',
      'auctionHall',
      'resultHall',
      'carCompare',
      'carCalculator',
    ]) {
      expect(visitor).toContain(p);
    }
    for (const p of ['promiseMoneyReport/:id?', 'disposeCar', 'orderSuccess', 'personalCenter'])
      expect(visitor).not.toContain(p);
    const buyer = paths(filterRoutes(layoutRoutes, allowedPermissions('buyer')));
    expect(buyer).toContain('promiseMoneyReport/:id?');
    expect(buyer).not.toContain('disposeCar');
  });
});
