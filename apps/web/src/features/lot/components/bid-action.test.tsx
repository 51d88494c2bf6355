import type { LotDetail } from '@chepai/shared/contracts/lots';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { mockApi, ok, renderWithApp } from '../../../testing/render';
import { BidAction } from './bid-action';
import type { MyState } from './bid-panel';

// jsdom does not compute pseudo-element styles; antd's scroll lock asks for them when a dialog opens.
const computedStyle = window.getComputedStyle.bind(window);
vi.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computedStyle(elt));

const HOUR = 3_600_000;
const api = mockApi();
afterEach(() => {
  cleanup();
  api.reset();
  clearSession();
});
afterAll(() => api.restore());

/** A lot under the hammer: ¥52,000.00 after 3 bids, ¥500.00 steps, an hour to go. */
function lotWith(over: Partial<LotDetail> = {}): LotDetail {
  const now = Date.now();
  return {
    orderId: '1890000000000000562',
    title: '2021款 奥迪A4L 40 TFSI',
    status: 3,
    statusText: '竞价中',
    brandName: '奥迪',
    seriesName: '奥迪A4L',
    modelName: '40 TFSI',
    bodyType: '三厢车',
    color: '白色',
    currentPrice: '52000.00',
    startPrice: '50000.00',
    startTime: now - HOUR,
    endTime: now + HOUR,
    coverUrl: '/cover.svg',
    province: '北京',
    city: '北京',
    plateCity: '北京',
    firstRegDate: '2021-05',
    mileageKm: 35000,
    fuelType: '汽油',
    bidCount: 3,
    serverTime: now,
    previewTime: now - 3 * HOUR,
    regStartTime: now - 2 * HOUR,
    increment: '500.00',
    deposit: '5000.00',
    appraisalPrice: null,
    hasReserve: false,
    extendWindowMinutes: 5,
    extendStepMinutes: 5,
    paused: false,
    watchers: 0,
    views: 0,
    registered: true,
    leading: false,
    bidderNo: 'A012',
    myTopAmount: null,
    myMaxAmount: null,
    vinMasked: '',
    plateMasked: '',
    transmission: '',
    displacement: '',
    emissionStandard: '',
    usageType: '',
    transferCount: 0,
    inspectionExpiry: null,
    insuranceExpiry: null,
    pickupAddress: '',
    description: '',
    sellerName: '',
    sellerType: '',
    condition: {
      overallGrade: 'A',
      exterior: { grade: 'A', notes: '' },
      interior: { grade: 'A', notes: '' },
      engine: { grade: 'A', notes: '' },
      chassis: { grade: 'A', notes: '' },
      accident: false,
      flood: false,
      fire: false,
      notes: '',
      inspector: '',
      inspectedAt: '',
    },
    documents: [],
    photos: [],
    ...over,
  };
}

const asBuyer = () => saveSession({ token: 'tok-b', role: 'buyer', buyerName: '张三' });
const show = (lot: LotDetail, myState: MyState = 'none') =>
  renderWithApp(<BidAction lot={lot} myState={myState} />, { path: `/auctionDetails/${lot.orderId}` });
/** The bid panel is a chunk of its own (loaded only when a buyer can bid): wait for it. */
const showPanel = async (lot: LotDetail, myState: MyState = 'none') => {
  show(lot, myState);
  await screen.findByTestId('bid-panel');
};
const panel = () => within(screen.getByTestId('bid-panel'));
const quickButtons = () => panel().getAllByRole<HTMLButtonElement>('button', { name: /档|起拍价/ });
const bidButton = () => panel().getByRole<HTMLButtonElement>('button', { name: /^出\s*价$/ });

// Rendering antd in jsdom is slow on a busy machine; the default 5 s is too tight.
describe('bid action and bid panel, by state', { timeout: 30_000 }, () => {
  it('a visitor is asked to log in, and comes back to this lot', () => {
    show(lotWith({ registered: false, bidderNo: null }));
    const link = screen.getByRole('link', { name: /登录后报名/ });
    expect(link.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/auctionDetails/1890000000000000562')}`,
    );
    expect(screen.queryByTestId('bid-panel')).toBeNull();
  });

  it('a buyer who has not registered is sent to pay the deposit, without a bid panel', () => {
    asBuyer();
    show(lotWith({ registered: false, bidderNo: null }));
    const link = screen.getByRole('link', { name: /交纳保证金 ¥5,000\.00 报名/ });
    expect(link.getAttribute('href')).toBe('/promiseMoneyReport/1890000000000000562');
    expect(screen.queryByTestId('bid-panel')).toBeNull();
  });

  it('a seller may not register or bid', () => {
    saveSession({ token: 'tok-s', role: 'seller' });
    show(lotWith({ registered: false, bidderNo: null }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /仅竞买人可报名出价/ }).disabled).toBe(true);
    expect(screen.queryByTestId('bid-panel')).toBeNull();
  });

  it('a registered buyer before the start waits, with the bidder number shown', () => {
    asBuyer();
    show(lotWith({ status: 2, startTime: Date.now() + HOUR, endTime: Date.now() + 2 * HOUR }));
    expect(screen.getByTestId('registered').textContent).toContain('A012');
    expect(screen.getByText(/竞价将于 .* 开始/)).toBeTruthy();
    expect(screen.queryByTestId('bid-panel')).toBeNull();
  });

  it('a registered buyer who has not bid can bid one step up, confirmed before it is sent', async () => {
    asBuyer();
    let sent: unknown = null;
    let query: unknown = null;
    api.onPost('/mall-auction/buyer/auc_order/bid').reply((config) => {
      sent = JSON.parse(config.data as string);
      query = config.params;
      return ok({});
    });
    await showPanel(lotWith());
    expect(screen.getByTestId('my-state').textContent).toBe('未出价');
    expect(quickButtons().map((b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '+1档¥52,500.00',
      '+2档¥53,000.00',
      '+5档¥54,500.00',
    ]);
    expect(quickButtons().every((b) => !b.disabled)).toBe(true);

    fireEvent.click(quickButtons()[0]!);
    const dialog = await screen.findByRole('dialog', { name: '出价确认' });
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('¥52,500.00');
    expect(sent).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认出价' }));
    await waitFor(() => expect(sent).toEqual({ orderId: '1890000000000000562', amount: '52500.00' }));
    // The lot goes in the address as well, for a proxy that routes bids by lot.
    expect(query).toEqual({ orderId: '1890000000000000562' });
  });

  it('before the first bid the first quick bid is the start price', async () => {
    asBuyer();
    await showPanel(lotWith({ bidCount: 0, currentPrice: '50000.00' }));
    expect(quickButtons().map((b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '起拍价¥50,000.00',
      '+2档¥50,500.00',
      '+5档¥52,000.00',
    ]);
  });

  it('an amount off the grid or below the minimum is refused before any dialog', async () => {
    asBuyer();
    await showPanel(lotWith());
    const input = panel().getByRole('spinbutton', { name: '出价金额' });
    fireEvent.change(input, { target: { value: '52000' } });
    expect(panel().getByRole('alert').textContent).toBe('出价不能低于 ¥52,500.00');
    fireEvent.change(input, { target: { value: '52700' } });
    expect(panel().getByRole('alert').textContent).toContain('起拍价加整数倍加价幅度');
    fireEvent.click(bidButton());
    expect(screen.queryByRole('dialog', { name: '出价确认' })).toBeNull();
  });

  it('the leading buyer cannot outbid themselves, except by raising a proxy maximum', async () => {
    asBuyer();
    await showPanel(lotWith({ leading: true, myTopAmount: '52000.00', myMaxAmount: '60000.00' }), 'leading');
    expect(screen.getByTestId('my-state').textContent).toBe('领先');
    expect(screen.getByText(/您当前是最高出价者 · 代理上限 ¥60,000\.00/)).toBeTruthy();
    expect(quickButtons().every((b) => b.disabled)).toBe(true);
    expect(bidButton().disabled).toBe(true);
    fireEvent.click(panel().getByRole('checkbox', { name: '代理出价' }));
    expect(bidButton().disabled).toBe(false);
    expect(panel().getByRole('spinbutton', { name: '最高代理价' })).toBeTruthy();
  });

  it('an outbid buyer sees their own top bid and may bid again', async () => {
    asBuyer();
    await showPanel(lotWith({ myTopAmount: '51500.00' }), 'outbid');
    expect(screen.getByTestId('my-state').textContent).toBe('已出局');
    expect(screen.getByTestId('my-top').textContent).toContain('¥51,500.00');
    expect(screen.queryByText(/您当前是最高出价者/)).toBeNull();
    expect(quickButtons().every((b) => !b.disabled)).toBe(true);
    expect(bidButton().disabled).toBe(false);
  });

  it('past the end time the panel closes while the result is confirmed', () => {
    asBuyer();
    show(lotWith({ status: 3, endTime: Date.now() - 1000 }));
    expect(screen.queryByTestId('bid-panel')).toBeNull();
    expect(screen.getByText('竞价结束，结果确认中…')).toBeTruthy();
  });

  it('once ended, the winner is told to pay and a registered loser that the deposit comes back', () => {
    asBuyer();
    const won = show(lotWith({ status: 5, leading: true }));
    expect(screen.getByTestId('bid-result').textContent).toContain('恭喜您竞得，成交价 ¥52,000.00');
    expect(screen.getByRole('link', { name: '办理成交手续' }).getAttribute('href')).toMatch(
      /^\/buyerDetailInfo\/\d+$/,
    );
    won.unmount();

    show(lotWith({ status: 5, leading: false, myTopAmount: '51500.00' }));
    const result = screen.getByTestId('bid-result').textContent;
    expect(result).toContain('已成交 ¥52,000.00');
    expect(result).toContain('您未竞得该车辆，保证金将原路退还。');
    expect(screen.queryByTestId('bid-panel')).toBeNull();
  });

  it('an unsold lot says so, to anyone', () => {
    show(lotWith({ status: 6, registered: false, bidderNo: null }));
    expect(screen.getByTestId('bid-result').textContent).toBe('已流拍');
  });
});
