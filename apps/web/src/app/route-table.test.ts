import { lots } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import { layoutRoutes, type AppRoute } from './route-table';

const all = (routes: AppRoute[]): AppRoute[] => routes.flatMap((r) => [r, ...all(r.children ?? [])]);

describe('first requests in the route table', () => {
  it('the lot page’s is the lot detail endpoint, with the address’s orderId as its body', () => {
    const lot = all(layoutRoutes).find((r) => r.path === 'carAuction/carAuctionDetail/:orderId');
    expect(lot?.firstRequest).toMatchObject({
      method: lots.detailInfo.method,
      url: lots.detailInfo.path,
      param: 'orderId',
    });
  });
});
