// The web as a phone meets it: Lighthouse (mobile preset, simulated throttling) on /home, a search,
// a lot page and /carCompare against a server started on the built app (`npm run build` first).
// Prints performance, accessibility, best practices, CLS, LCP, TBT and the gzip JavaScript of each
// page. Targets: performance ≥ 95, accessibility 100, best practices 100, CLS ≤ 0.02.
// Run: npx tsx bench/web/run.ts [runs]   (BENCH_WEB_URL=http://… to measure a running server)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { startServer } from '../../e2e/support/server';

// Lighthouse and chrome-launcher are not in the mall's install (with Sentry, OpenTelemetry and
// Puppeteer they were a fifth of it): they live in ./lighthouse with their own lock file and are
// installed there on the bench's first run (docs/decisions/040-lighthouse-installed-on-demand.md).
const toolDir = path.join(import.meta.dirname, 'lighthouse');
const fromTools = createRequire(path.join(toolDir, 'package.json'));
function toolPath(name: string): string {
  try {
    return fromTools.resolve(name);
  } catch {
    console.log(`installing ${name} and its dependencies into ${toolDir} (first run only)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: toolDir,
      stdio: 'inherit',
    });
    return fromTools.resolve(name);
  }
}

/** What this bench reads of a Lighthouse report. */
interface Audit {
  score: number | null;
  numericValue?: number;
  details?: unknown;
}
interface Report {
  runtimeError?: { code: string; message: string };
  audits: Record<string, Audit | undefined>;
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> } | undefined
  >;
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: Report } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}
const load = async <T>(name: string): Promise<T> => (await import(pathToFileURL(toolPath(name)).href)) as T;
const lighthouse = (await load<{ default: Lighthouse }>('lighthouse')).default;
const chromeLauncher = await load<ChromeLauncher>('chrome-launcher');

const RUNS = Number(process.argv[2] ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsGzipKb: number;
  jsTransferKb: number;
  /** Lighthouse's runtime error when the run failed (e.g. the page never painted in time). */
  error?: string;
}

async function firstLotId(base: string): Promise<string> {
  const res = await fetch(`${base}/api/mall-search/search/auc_order/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 1, filters: { statusList: [3] } }),
  });
  const body = (await res.json()) as { data: { list: Array<{ orderId: string }> } };
  const id = body.data.list[0]?.orderId;
  if (!id) throw new Error('no lot in the auction hall');
  return id;
}

/** gzip size of every script the page loaded, measured here so that it does not depend on the server. */
async function gzipJs(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const raw = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += zlib.gzipSync(raw, { level: 9 }).length;
  }
  return total;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function audit(url: string, port: number, name: string): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_WEB_DUMP=dir keeps each report (LCP element, request chains) to look into.
  if (process.env.BENCH_WEB_DUMP) {
    fs.mkdirSync(process.env.BENCH_WEB_DUMP, { recursive: true });
    fs.writeFileSync(
      path.join(process.env.BENCH_WEB_DUMP, `${name.replace(/\W/g, '') || 'page'}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  }
  const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
  if (error) console.log(`  ${name} failed: ${error}`);
  const items =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  // What keeps accessibility or best practices below 100, so a regression names its cause.
  for (const id of ['accessibility', 'best-practices']) {
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (failing.length) console.log(`  ${name} ${id}: ${failing.join(', ')}`);
  }
  const scripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(new URL(url).origin));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    page: name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    jsGzipKb: Number(((await gzipJs(scripts.map((s) => s.url))) / 1024).toFixed(1)),
    jsTransferKb: Number((scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0) / 1024).toFixed(1)),
    ...(error ? { error } : {}),
  };
}

const server = process.env.BENCH_WEB_URL
  ? null
  : await startServer({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'error',
    });
const base = process.env.BENCH_WEB_URL ?? server!.url;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
try {
  const lotId = await firstLotId(base);
  const pages: Array<[string, string]> = [
    ['/home', '/home'],
    ['search', `/searchHall?keyword=${encodeURIComponent('宝马')}`],
    ['lot', `/carAuction/carAuctionDetail/${lotId}`],
    ['/carCompare', '/carCompare'],
  ];
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows: Row[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, path] of pages) rows.push(await audit(base + path, chrome.port, name));
    console.log(`run ${run}/${RUNS} done, load average ${os.loadavg()[0]?.toFixed(2)}`);
  }
  console.table(rows);
  const summary = pages.map(([name]) => {
    const all = rows.filter((r) => r.page === name);
    const mine = all.filter((r) => !r.error);
    const range = (k: keyof Row) => {
      const v = mine.map((r) => r[k] as number);
      if (!v.length) return '—';
      const [lo, hi] = [Math.min(...v), Math.max(...v)];
      return lo === hi ? String(lo) : `${lo}–${hi}`;
    };
    return {
      page: name,
      performance: range('performance'),
      accessibility: range('accessibility'),
      bestPractices: range('bestPractices'),
      cls: range('cls'),
      lcpMs: range('lcpMs'),
      tbtMs: range('tbtMs'),
      jsGzipKb: range('jsGzipKb'),
      runs: `${mine.length}/${all.length}`,
    };
  });
  console.log(
    'ranges over the runs that completed (targets: performance ≥ 95, a11y 100, best practices 100, CLS ≤ 0.02)',
  );
  console.table(summary);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  chrome.kill();
  await server?.stop();
}
