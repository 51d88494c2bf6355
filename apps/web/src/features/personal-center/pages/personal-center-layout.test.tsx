import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { installMatchMedia } from '../../../testing/antd-jsdom';
import PersonalCenterLayout from './personal-center-layout';

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/personalCenter" element={<PersonalCenterLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

beforeAll(installMatchMedia);
// antd mounts slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('PersonalCenterLayout menu', () => {
  it('gives a buyer 我的保证金, which opens the list of their deposits', async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    renderAt('/personalCenter/dealCar');
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: '我的保证金' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/promiseMoneyReport');
  });

  it('keeps the other items under /personalCenter', async () => {
    saveSession({ token: 't', role: 'buyer', buyerName: '陈静' });
    renderAt('/personalCenter/dealCar');
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: '出价记录' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/personalCenter/priceRecord');
  });

  it('has no deposit entry for a seller', () => {
    saveSession({ token: 't', role: 'seller', sellerName: '王经理' });
    renderAt('/personalCenter/personalInformation');
    expect(screen.queryByRole('menuitem', { name: '我的保证金' })).toBeNull();
  });
});
