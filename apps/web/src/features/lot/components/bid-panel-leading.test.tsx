import type { LotDetail } from '@chepai/shared/contracts/lots';
import { cleanup, render, screen } from '@testing-library/react';
import { FeedbackProvider } from '../../../components/feedback';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import { BidAction } from './bid-action';
import { BidPanel } from './bid-panel';

vi.mock('../api/bidding-queries', () => ({
  usePlaceBid: () => ({ mutate: vi.fn(), isPending: false }),
}));

const NOW = Date.now();
const lotOf = (over: Partial<LotDetail>) =>
  ({
    orderId: '1001',
    title: '2022款 大众朗逸',
    status: 3,
    startPrice: '50000.00',
    increment: '1000.00',
    currentPrice: '52000.00',
    bidCount: 3,
    deposit: '5000.00',
    startTime: NOW - 3_600_000,
    endTime: NOW + 3_600_000,
    regStartTime: NOW - 86_400_000,
    registered: true,
    leading: true,
    bidderNo: '123456',
    myTopAmount: '52000.00',
    myMaxAmount: null,
    ...over,
  }) as LotDetail;

const renderIn = (node: React.ReactNode) =>
  render(
    <FeedbackProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </FeedbackProvider>,
  );

beforeAll(installMatchMedia);
// antd mounts slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('BidAction for the winner', () => {
  it('links 办理成交手续 to the deal page (buyerDetailInfo)', () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    renderIn(<BidAction lot={lotOf({ status: 5, leading: true })} myState="leading" />);
    expect(screen.getByRole('link', { name: '办理成交手续' }).getAttribute('href')).toMatch(
      /^\/buyerDetailInfo\/\d+$/,
    );
  });
});

describe('BidPanel while leading', () => {
  it('speaks of no proxy after a plain bid (the maximum is the bid itself)', () => {
    renderIn(<BidPanel lot={lotOf({ myMaxAmount: '52000.00' })} myState="leading" />);
    expect(screen.getByText('您当前是最高出价者')).toBeTruthy();
    expect(screen.queryByText(/代理上限/)).toBeNull();
    expect(screen.queryByText(/提高上限/)).toBeNull();
  });

  it('shows the proxy maximum the buyer set', () => {
    renderIn(<BidPanel lot={lotOf({ myMaxAmount: '60000.00' })} myState="leading" />);
    expect(screen.getByText(/代理上限 ¥60,000/)).toBeTruthy();
  });
});
