// Compare page: 10 cars × all parameters in Chromium.
//   render: from the moment the ten configurations are released to the page until the frame after
//           the table is complete (network delivery, JSON parsing, React render, layout, paint);
//   toggles: from the click on 隐藏相同项 / 高亮不同项 until the next frame has been produced.
// Targets: render ≤ 100 ms, toggles ≤ 50 ms. Run: npx tsx bench/compare/run.ts [runs]
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page, type Route } from 'playwright-core';
import { repoRoot, startServer } from '../../e2e/support/server';

const RUNS = Number(process.argv[2] ?? 7);
const TOGGLES = 10;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Envelope<T> {
  data: T;
}
async function api<T>(base: string, url: string): Promise<T> {
  const res = await fetch(base + url);
  return ((await res.json()) as Envelope<T>).data;
}

/** Ten models of ten different brands, as the compare list stores them. */
async function tenCars(base: string) {
  const brands = await api<Array<{ id: string; name: string }>>(
    base,
    '/api/mall-portal/brand/getAllGoodsBrand',
  );
  const ids: string[] = [];
  for (const b of brands.filter((_, i) => i % 4 === 0).slice(0, 10)) {
    const series = await api<Array<{ id: string }>>(
      base,
      `/api/mall-portal/vehicle/getVehicleSeriesList?brandId=${b.id}`,
    );
    const models = await api<Array<{ id: string }>>(
      base,
      `/api/mall-portal/vehicle/getVehicleModelList?productId=${series[0]?.id}`,
    );
    if (models[0]) ids.push(models[0].id);
  }
  const briefs = await api<
    Array<{
      id: string;
      name: string;
      year: number;
      seriesPrice: string;
      brandName: string;
      seriesName: string;
    }>
  >(base, `/api/mall-portal/vehicle/modelBrief?ids=${ids.join(',')}`);
  return briefs.map((b) => ({
    ...b,
    carHeaderName: `${b.brandName} ${b.seriesName} ${b.name}`,
    pinActive: false,
  }));
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const p50 = s[Math.floor((s.length - 1) / 2)] ?? NaN;
  return `p50 ${p50.toFixed(1)} ms, max ${(s[s.length - 1] ?? NaN).toFixed(1)} ms (n=${s.length})`;
};

/** One cold render: hold the ten config responses, release them together, time to the painted table. */
async function measureRender(page: Page): Promise<number> {
  const held: Array<{ route: Route; body: string }> = [];
  let release!: () => void;
  const allHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/mall-portal/vehicle/list?**', async (route) => {
    const response = await route.fetch();
    held.push({ route, body: await response.text() });
    if (held.length === 10) release();
  });
  await page.goto('/carCompare');
  await allHeld;
  await page.waitForResponse((r) => r.url().includes('/paramNames')).catch(() => undefined);
  await page.waitForTimeout(200);
  await page.evaluate('window.__t0 = performance.now()');
  await Promise.all(
    held.map((h) => h.route.fulfill({ status: 200, contentType: 'application/json', body: h.body })),
  );
  // A string, not a function: tsx would add helper names the page does not have.
  // t0 = when the last of the ten responses finished arriving (Resource Timing), not when the
  // bench asked for their release, so protocol latency does not count as rendering.
  const ms = await page.evaluate<number>(`new Promise((resolve) => {
    const arrived = () => {
      const ends = performance.getEntriesByType('resource').filter((e) => e.name.includes('/vehicle/list?')).map((e) => e.responseEnd);
      return ends.length >= 10 ? Math.max(...ends.slice(-10)) : null;
    };
    const done = () => document.querySelector('[data-testid="compare-scroll"]')?.getAttribute('aria-busy') === 'false'
      && document.querySelectorAll('.compare-table .cg-row').length > 100;
    const check = () => {
      if (done()) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - (arrived() ?? window.__t0))));
      else requestAnimationFrame(check);
    };
    check();
  })`);
  await page.unroute('**/api/mall-portal/vehicle/list?**');
  return ms;
}

/** Clicks a toggle inside the page and waits for the next produced frame. */
function measureToggle(page: Page, index: number): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const input = document.querySelectorAll('.compare-switches input')[${index}];
    const t0 = performance.now();
    input.click();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
  })`);
}

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('build the web app first: npm run build');
  const server = await startServer({ LOG_LEVEL: 'error' });
  // A browser that fails to launch must not leave the server running.
  const browser = await chromium
    .launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    const cars = await tenCars(server.url);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    await context.addInitScript((list) => localStorage.setItem('carCompare', list), JSON.stringify(cars));
    const page = await context.newPage();
    await measureRender(page); // warm-up: code chunks compiled and cached
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(list.map((m) => [m.name, m.value]));
    };
    const render: number[] = [];
    const split = { script: 0, style: 0, layout: 0 };
    for (let i = 0; i < RUNS; i += 1) {
      const before = await metrics();
      render.push(await measureRender(page));
      const after = await metrics();
      // Whole-run totals (page load included), averaged: where the main thread's time goes.
      split.script += ((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) * 1000;
      split.style += ((after.RecalcStyleDuration ?? 0) - (before.RecalcStyleDuration ?? 0)) * 1000;
      split.layout += ((after.LayoutDuration ?? 0) - (before.LayoutDuration ?? 0)) * 1000;
    }
    const rows = await page.locator('.compare-table .cg-row').count();
    const hide: number[] = [];
    const highlight: number[] = [];
    for (let i = 0; i < TOGGLES; i += 1) {
      hide.push(await measureToggle(page, 0));
      highlight.push(await measureToggle(page, 1));
    }
    console.log(
      `compare bench: ${cars.length} cars, ${rows} parameter rows (${rows * (cars.length + 1)} cells)`,
    );
    console.log(`  render after data arrives   ${stats(render)}   target ≤ 100 ms`);
    console.log(
      `  per page load (incl. app start): script ${(split.script / RUNS).toFixed(0)} ms, style ${(split.style / RUNS).toFixed(0)} ms, layout ${(split.layout / RUNS).toFixed(0)} ms`,
    );
    console.log(`  toggle 隐藏相同项            ${stats(hide)}   target ≤ 50 ms`);
    console.log(`  toggle 高亮不同项            ${stats(highlight)}   target ≤ 50 ms`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
