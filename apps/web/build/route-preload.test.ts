// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pathPattern } from './route-preload';

describe('route preload patterns', () => {
  it.each([
    ['/home', '/home', true],
    ['/home', '/home/', true],
    ['/home', '/homes', false],
    ['/carAuction/carAuctionDetail/:orderId', '/carAuction/carAuctionDetail/1890000000000000218', true],
    ['/carAuction/carAuctionDetail/:orderId', '/carAuction/carAuctionDetail', false],
    ['/promiseMoneyReport/:id?', '/promiseMoneyReport', true],
    ['/promiseMoneyReport/:id?', '/promiseMoneyReport/42', true],
    ['/personalCenter/dealCar', '/personalCenter/dealCar', true],
    ['/personalCenter', '/personalCenter/dealCar', false],
    ['/redirect/*', '/redirect/home/x', true],
  ])('%s matches %s: %s', (route, address, matches) => {
    expect(new RegExp(pathPattern(route)).test(address)).toBe(matches);
  });
});
