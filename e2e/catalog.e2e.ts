import {
  calculatePurchaseCost,
  DEFAULT_INSURANCE,
  fenToYuanString,
  amountInWords,
  yuanStringToFen,
} from '@chepai/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
});
afterAll(() => e.close());

/** Polls with room for a cold page load. */
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const panel = (page: Page) => page.getByTestId('car-picker-panel');
const item = (page: Page, text: string | RegExp) =>
  panel(page).locator('.picker-item').filter({ hasText: text }).first();
const headers = (page: Page) => page.getByTestId('car-header').locator('.carHeaderName').allInnerTexts();

/** Opens the dropdown and picks brand → series (by name, or the first) → the n-th model. */
async function pickCar(page: Page, brand: string, series: string | null, model = 0) {
  if (!(await panel(page).isVisible())) await page.getByRole('button', { name: /选择车型/ }).click();
  await item(page, new RegExp(`^${brand}$`)).click();
  await panel(page).locator('.picker-step.current', { hasText: '选择车系' }).waitFor();
  await (series ? item(page, series) : panel(page).locator('.picker-item').first()).click();
  await panel(page).locator('.picker-step.current', { hasText: '选择车型' }).waitFor();
  await panel(page).locator('.picker-item').nth(model).click();
}

/** Param rows currently displayed, with their values. */
const visibleRows = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.compare-table .row-same, .compare-table .row-diff'))
      .filter((tr) => tr.offsetParent !== null)
      .map((tr) => Array.from(tr.querySelectorAll('.cg-val')).map((td) => td.textContent?.trim() ?? '')),
  );

describe('car comparison', () => {
  it('picks three cars of different brands through the three-step dropdown', async () => {
    const { page } = e;
    await page.goto('/carCompare');
    await page.evaluate(() => localStorage.removeItem('carCompare'));
    await page.reload();
    await page.getByText('还没有对比车型').waitFor();
    expect(await page.getByTestId('site-footer').count()).toBe(0);

    await page.getByRole('button', { name: /选择车型/ }).click();
    // Brands grouped by letter; the letter index scrolls the list to its group.
    const list = panel(page).locator('.picker-list');
    await panel(page).locator('[data-group="A"]').waitFor();
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    await panel(page).locator('.picker-letters button', { hasText: 'H' }).click();
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    const hTop = await panel(page)
      .locator('[data-group="H"]')
      .evaluate((g) => g.getBoundingClientRect().top - g.parentElement!.getBoundingClientRect().top);
    expect(Math.abs(hTop)).toBeLessThan(2);
    // List height: compare area − 160, capped at 350.
    const area = await page.locator('.compare-area').evaluate((el) => el.clientHeight);
    expect(await list.evaluate((el) => el.clientHeight)).toBe(Math.min(350, area - 160));

    // A step title steps back; a click outside closes.
    await item(page, /^宝马$/).click();
    await panel(page).locator('.picker-group-title').first().waitFor();
    const fctTitles = await panel(page).locator('.picker-group-title').allInnerTexts();
    expect(fctTitles.length).toBeGreaterThan(0);
    await panel(page).locator('.picker-step', { hasText: '宝马' }).click();
    await panel(page).locator('.picker-step.current', { hasText: '选择品牌' }).waitFor();
    await page.locator('.compare-toolbar h1').click();
    await panel(page).waitFor({ state: 'detached' });

    await pickCar(page, '比亚迪', '海豹');
    await panel(page).waitFor({ state: 'detached' });
    await pickCar(page, '宝马', null);
    await pickCar(page, '丰田', '卡罗拉', 1);
    await poll(() => headers(page)).toHaveLength(3);
    const names = await headers(page);
    expect(names[0]).toMatch(/^比亚迪 海豹 /);
    expect(names[1]).toMatch(/^宝马 /);
    expect(names[2]).toMatch(/^丰田 卡罗拉 /);
    await page.locator('.compare-table .row-diff').first().waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('carCompare') ?? '[]') as Array<{ carHeaderName: string }>,
    );
    expect(stored.map((c) => c.carHeaderName)).toEqual(names);
    // The side index starts on the first category.
    expect(await page.locator('.category-index button.active').innerText()).toBe('基本参数');
  });

  it('refuses a model that is already in the list', async () => {
    const { page } = e;
    await pickCar(page, '比亚迪', '海豹');
    await page.locator('.ant-message-notice', { hasText: '已存在对应的车型，请重新选择' }).waitFor();
    expect(await headers(page)).toHaveLength(3);
    await page.locator('.compare-toolbar h1').click();
    await panel(page).waitFor({ state: 'detached' });
  });

  it('pins a car first and sticky, and reorders', async () => {
    const { page } = e;
    const before = await headers(page);
    await page.getByTestId('car-header').nth(2).getByRole('button', { name: '固定' }).click();
    await poll(() => headers(page)).toEqual([before[2], before[0], before[1]]);
    expect(await page.getByTestId('car-header').first().getAttribute('class')).toContain('pinned');
    expect(
      await page
        .getByTestId('car-header')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('sticky');
    await page.getByTestId('car-header').nth(2).getByRole('button', { name: '左移' }).click();
    await poll(() => headers(page)).toEqual([before[2], before[1], before[0]]);
    // Nothing moves past the pinned car.
    expect(
      await page.getByTestId('car-header').nth(1).getByRole('button', { name: '左移' }).isDisabled(),
    ).toBe(true);
    await page.getByTestId('car-header').nth(1).getByRole('button', { name: '右移' }).click();
    await poll(() => headers(page)).toEqual([before[2], before[0], before[1]]);
  });

  it('hides identical rows and highlights differing ones', async () => {
    const { page } = e;
    const all = await visibleRows(page);
    await page.getByText('隐藏相同项').click();
    const kept = await visibleRows(page);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(all.length);
    for (const values of kept)
      expect(new Set(values.map((v) => v.replace(/^-$/, '-'))).size).toBeGreaterThan(1);
    await page.getByText('高亮不同项').click();
    const bg = await page
      .locator('.compare-table .row-diff .cg-val')
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor);
    expect(bg).toBe('rgb(255, 243, 232)');
    // The side index follows the scroll.
    await page.getByTestId('compare-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await poll(() => page.locator('.category-index button.active').innerText()).not.toBe('基本参数');
    await page.getByTestId('compare-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
    // Rows are content-visibility: auto; let the rows scrolled back into view paint before the shot.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await shot(page, 'compare', false);
    await page.getByText('隐藏相同项').click();
    await page.getByText('高亮不同项').click();
  });

  it('keeps the list across a reload, and a share link reproduces it elsewhere', async () => {
    const { page, browser, baseURL } = e;
    const names = await headers(page);
    await page.reload();
    await poll(() => headers(page)).toEqual(names);
    expect(await page.getByTestId('car-header').first().getAttribute('class')).toContain('pinned');

    await page.getByRole('button', { name: /分享对比/ }).click();
    const link = await page.getByTestId('share-link').inputValue();
    const ids = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem('carCompare') ?? '[]') as Array<{ id: string }>).map((c) => c.id),
    );
    expect(link).toBe(`${baseURL}/carCompare?ids=${ids.join(',')}`);

    const other = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      viewport: { width: 1366, height: 900 },
    });
    const fresh = await other.newPage();
    await fresh.goto(link);
    await poll(() => headers(fresh)).toEqual(names);
    await fresh.waitForURL((url) => !url.search.includes('ids='));
    expect(
      await fresh.evaluate(() =>
        (JSON.parse(localStorage.getItem('carCompare') ?? '[]') as Array<{ id: string }>).map((c) => c.id),
      ),
    ).toEqual(ids);
    await other.close();
  });
});

const yuanText = (amount: number) => {
  const [int = '0', frac = '00'] = fenToYuanString(amount).split('.');
  return `¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

describe('purchase-cost calculator', () => {
  it('shows loan figures equal to the shared calculator for the chosen model', async () => {
    const { page } = e;
    await page.goto('/carCalculator');
    await page.evaluate(() => localStorage.removeItem('carCalculator'));
    await page.reload();
    await page.getByTestId('calc-picker').click();
    await item(page, /^比亚迪$/).click();
    await item(page, '海豹').click();
    await panel(page).locator('.picker-step.current', { hasText: '选择车型' }).waitFor();
    // Stepping back to the brand clears the series.
    await panel(page).locator('.picker-step', { hasText: '比亚迪' }).click();
    expect(await page.getByTestId('calc-picker').innerText()).toBe('比亚迪');
    await item(page, /^比亚迪$/).click();
    await item(page, '海豹').click();
    const modelName =
      (await panel(page).locator('.picker-item .picker-name').first().innerText()).split('\n')[0]?.trim() ??
      '';
    await panel(page).locator('.picker-item').first().click();
    await panel(page).waitFor({ state: 'detached' });
    expect(await page.getByTestId('calc-picker').innerText()).toBe(`比亚迪 > 海豹 > ${modelName}`);

    await page.getByRole('tab', { name: '贷款购车' }).click();
    await page.getByText('20%', { exact: true }).click();
    await page.getByText('5年', { exact: true }).click();
    const rate = page.getByRole('spinbutton', { name: '年利率' });
    await rate.fill('4.2');
    await rate.blur();
    await page.getByTestId('loan-monthly').waitFor();

    // Expected figures from the shared domain code, for the model as the API describes it.
    const brief = await page.evaluate(async () => {
      const brands = (await (await fetch('/api/mall-portal/brand/getAllGoodsBrand')).json()) as {
        data: Array<{ id: string; name: string }>;
      };
      const byd = brands.data.find((b) => b.name === '比亚迪')!;
      const series = (await (
        await fetch(`/api/mall-portal/vehicle/getVehicleSeriesList?brandId=${byd.id}`)
      ).json()) as { data: Array<{ id: string; seriesName: string }> };
      const seal = series.data.find((s) => s.seriesName === '海豹')!;
      const models = (await (
        await fetch(`/api/mall-portal/vehicle/getVehicleModelList?productId=${seal.id}`)
      ).json()) as { data: Array<{ id: string }> };
      const ids = models.data.map((m) => m.id).join(',');
      return (
        (await (await fetch(`/api/mall-portal/vehicle/modelBrief?ids=${ids}`)).json()) as {
          data: Array<{
            name: string;
            seriesPrice: string;
            energyType: string;
            displacementL: number | null;
            seats: number;
          }>;
        }
      ).data;
    });
    const model = brief.find((m) => m.name === modelName)!;
    const purchaseDate = await page
      .getByRole('textbox', { name: '购车日期' })
      .or(page.locator('.calc-date input'))
      .first()
      .inputValue();
    const expected = calculatePurchaseCost({
      guidePrice: yuanStringToFen(model.seriesPrice),
      purchaseDate,
      isNewEnergy: ['纯电动', '插电式混合动力', '增程式'].includes(model.energyType),
      displacementL: model.displacementL,
      seats: model.seats,
      insurance: DEFAULT_INSURANCE,
      loan: { downPaymentPercent: 20, years: 5, annualRatePercent: '4.20' },
    });
    const loan = expected.loan!;
    expect(await page.getByTestId('loan-down').innerText()).toBe(yuanText(loan.downPayment));
    expect(await page.getByTestId('loan-monthly').innerText()).toBe(yuanText(loan.monthlyPayment));
    expect(await page.getByTestId('loan-interest').innerText()).toBe(yuanText(loan.totalInterest));
    expect(await page.getByTestId('loan-total').innerText()).toBe(yuanText(loan.totalCost));
    expect(await page.getByTestId('loan-total-words').innerText()).toBe(
      amountInWords(fenToYuanString(loan.totalCost)),
    );
    expect(await page.getByText('月供（60期）').count()).toBe(1);
    // A 纯电动 model bought in 2026–2027 pays half the purchase tax (at most 15,000 yuan off).
    expect(expected.purchaseTax.relief).toBeGreaterThan(0);
    await page.locator('.calc-note', { hasText: '新能源汽车购置税' }).waitFor();
    await shot(page, 'calculator-loan', false);

    // Every item is editable: a registration fee of 1,000 yuan adds 500 to the totals.
    await page.getByRole('tab', { name: '全款购车' }).click();
    const before = await page.getByTestId('full-total').innerText();
    expect(before).toBe(yuanText(expected.fullPaymentTotal));
    const fee = page.getByRole('spinbutton', { name: '上牌费' });
    await fee.fill('1000');
    await fee.blur();
    await poll(() => page.getByTestId('full-total').innerText()).toBe(
      yuanText(expected.fullPaymentTotal + 50000),
    );
    await page.getByTestId('item-registrationFee').getByRole('button', { name: '恢复' }).waitFor();
    await shot(page, 'calculator-full');

    // Reopening the select re-highlights the stored choice once the list has loaded.
    await page.reload();
    await page.getByTestId('calc-picker').click();
    await panel(page).locator('.picker-item.active').waitFor();
    expect(await panel(page).locator('.picker-item.active .picker-name').innerText()).toContain(modelName);

    // Stepping back to the series clears the model and its result
    // (docs/product.md#11-compare-and-calculator), also after a reload; the series stays highlighted.
    await page.getByTestId('full-total').waitFor();
    await panel(page).locator('.picker-step', { hasText: '海豹' }).click();
    await panel(page).locator('.picker-step.current', { hasText: '选择车系' }).waitFor();
    expect(await page.getByTestId('calc-picker').innerText()).toBe('比亚迪 > 海豹');
    expect(await panel(page).locator('.picker-item.active').innerText()).toContain('海豹');
    await page.getByTestId('calc-car').waitFor({ state: 'detached' });
    expect(await page.getByTestId('full-total').count()).toBe(0);
    await page.reload();
    await page.getByText('请先选择车型，即可查看各项费用').waitFor();
    expect(await page.getByTestId('calc-picker').innerText()).toBe('请选择品牌 > 车系 > 车型');
  });
});
