import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MockApi } from '../../../testing/mock-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveCatalog } from '../../../testing/catalog';
import { mockApi, renderWithApp } from '../../../testing/render';
import { useCalculatorSelect } from '../hooks/use-calculator-select';
import { CalculatorPicker } from './calculator-picker';

let api: MockApi;
beforeEach(() => {
  localStorage.clear();
  api = mockApi();
  serveCatalog(api);
});
afterEach(() => {
  cleanup();
  api.restore();
});

function Picker() {
  return <CalculatorPicker select={useCalculatorSelect()} />;
}

const field = () => screen.getByTestId('calc-picker');
const panel = () => within(screen.getByTestId('car-picker-panel'));
const stepButton = (n: 1 | 2 | 3) => panel().getAllByRole('button', { name: /^[123]/ })[n - 1]!;
const item = (name: string) => panel().findByRole('button', { name: new RegExp(name) });
const MODEL = '2025款 40 TFSI 时尚动感型';

async function chooseAudi() {
  renderWithApp(<Picker />);
  fireEvent.click(field());
  fireEvent.click(await item('奥迪'));
  fireEvent.click(await item('奥迪A4L'));
  fireEvent.click(await item('40 TFSI'));
}

// Rendering antd in jsdom is slow on a busy machine; the default 5 s is too tight.
describe('car picker steps (calculator)', { timeout: 30_000 }, () => {
  it('brand → series → model fills the field, closes, and shows the model chosen when reopened', async () => {
    await chooseAudi();
    expect(field().textContent).toBe(`奥迪 > 奥迪A4L > ${MODEL}`);
    expect(screen.queryByTestId('car-picker-panel')).toBeNull();
    expect(localStorage.getItem('carCalculator')).toContain('"m1"');

    fireEvent.click(field());
    expect((await item('40 TFSI')).classList.contains('active')).toBe(true);
  });

  it('stepping back to the series clears the model (and the stored choice), keeping the series chosen', async () => {
    await chooseAudi();
    fireEvent.click(field());
    fireEvent.click(stepButton(2));
    expect(field().textContent).toBe('奥迪 > 奥迪A4L');
    expect((await item('奥迪A4L')).classList.contains('active')).toBe(true);
    expect(localStorage.getItem('carCalculator')).toBeNull();
  });

  it('stepping back to the brand clears series and model', async () => {
    await chooseAudi();
    fireEvent.click(field());
    fireEvent.click(stepButton(1));
    expect(field().textContent).toBe('奥迪');
    expect((await item('奥迪')).classList.contains('active')).toBe(true);
    expect((stepButton(2) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await item('宝马'));
    expect(field().textContent).toBe('宝马');
    expect(await item('宝马3系')).toBeTruthy();
    expect(panel().queryByRole('button', { name: /奥迪A4L/ })).toBeNull();
  });
});
