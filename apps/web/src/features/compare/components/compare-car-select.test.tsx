import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MockApi } from '../../../testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelsBySeries, serveCatalog } from '../../../testing/catalog';
import { mockApi, renderWithApp } from '../../../testing/render';
import { CompareCarSelect } from './compare-car-select';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  serveCatalog(api);
});
afterEach(() => {
  cleanup();
  api.restore();
});

const panel = () => within(screen.getByTestId('car-picker-panel'));
const stepButtons = () => panel().getAllByRole('button', { name: /^[123]/ });
const item = (name: string) => panel().findByRole('button', { name: new RegExp(name) });

/** Opens the dropdown; its panel is a chunk of its own, so it appears a moment later. */
async function open(onAdd = vi.fn(() => true)) {
  renderWithApp(<CompareCarSelect count={0} takenIds={new Set()} onAdd={onAdd} areaHeight={600} />);
  fireEvent.click(screen.getByRole('button', { name: /选择车型/ }));
  await screen.findByTestId('car-picker-panel');
  return onAdd;
}

// Rendering antd in jsdom is slow on a busy machine; the default 5 s is too tight.
describe('car picker steps (compare select)', { timeout: 30_000 }, () => {
  it('goes brand → series → model, the step titles naming each choice, and adds the car', async () => {
    const onAdd = await open();
    expect(stepButtons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, true]);

    fireEvent.click(await item('宝马'));
    fireEvent.click(await item('宝马3系'));
    expect(panel().queryByRole('button', { name: /奥迪A4L/ })).toBeNull();
    expect(stepButtons().map((b) => b.textContent)).toEqual(['1宝马', '2宝马3系', '3选择车型']);

    fireEvent.click(await item('325Li'));
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'm2',
        brandName: '宝马',
        seriesName: '宝马3系',
        name: modelsBySeries.s2![0]!.name,
      }),
    );
    // Added: the dropdown closes and starts again from the brand.
    expect(screen.queryByTestId('car-picker-panel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /选择车型/ }));
    await screen.findByTestId('car-picker-panel');
    expect(stepButtons().map((b) => b.textContent)).toEqual(['1选择品牌', '2选择车系', '3选择车型']);
  });

  it('stepping back to the brand clears the series, and a new brand lists only its own series', async () => {
    await open();
    fireEvent.click(await item('奥迪'));
    fireEvent.click(await item('奥迪A4L'));
    await item('40 TFSI');

    fireEvent.click(stepButtons()[0]!);
    expect(stepButtons().map((b) => b.textContent)).toEqual(['1选择品牌', '2选择车系', '3选择车型']);
    expect(stepButtons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, true]);
    await item('宝马');
    expect((await item('奥迪')).classList.contains('active')).toBe(false);
    expect(panel().queryByRole('button', { name: /40 TFSI/ })).toBeNull();

    fireEvent.click(await item('宝马'));
    expect(await item('宝马3系')).toBeTruthy();
    expect(panel().queryByRole('button', { name: /奥迪A4L/ })).toBeNull();
    expect(stepButtons()[1]!.textContent).toBe('2选择车系');
  });

  it('stepping back to the series keeps the brand and clears only the series', async () => {
    await open();
    fireEvent.click(await item('奥迪'));
    fireEvent.click(await item('奥迪A4L'));
    await item('40 TFSI');

    fireEvent.click(stepButtons()[1]!);
    expect(stepButtons().map((b) => b.textContent)).toEqual(['1奥迪', '2选择车系', '3选择车型']);
    const cleared = await item('奥迪A4L');
    expect(cleared.classList.contains('active')).toBe(false);
    expect(panel().queryByRole('button', { name: /40 TFSI/ })).toBeNull();
  });
});
