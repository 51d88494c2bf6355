import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

export const launchBrowser = () =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

export interface E2E {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

/** The shared server of the worker running this file (one per worker: a file never shares it with one running beside it). */
export function sharedServerURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length] as string;
}

/** Pages of this test file, with what they logged lately: printed when a test fails (see `failure-report.ts`). */
export const openPages = new Map<Page, string[]>();

/** Keeps a page's last console errors, failed requests and uncaught errors for the failure report. */
export function watchPage(page: Page) {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 20) lines.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') keep(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => keep(`pageerror: ${err.message}`));
  page.on('requestfailed', (r) =>
    keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) keep(`navigated: ${f.url()}`);
  });
  page.on('close', () => openPages.delete(page));
  openPages.set(page, lines);
}

/** A context as a Chinese visitor's browser (locale, Beijing time), its pages watched for the failure report. */
export async function newVisitorContext(
  browser: Browser,
  baseURL: string,
  width = 1366,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height: 900 },
  });
  context.on('page', watchPage);
  return context;
}

/** A browser with one context and page, pointed at the server of this run. */
export async function openBrowser(baseURL = sharedServerURL()): Promise<E2E> {
  const browser = await launchBrowser();
  const context = await newVisitorContext(browser, baseURL);
  const page = await context.newPage();
  return { browser, context, page, baseURL, close: () => browser.close() };
}

/** Every page visited is kept as a screenshot (git-ignored) to be looked at. */
export async function shot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
