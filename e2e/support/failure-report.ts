import path from 'node:path';
import { afterEach } from 'vitest';
import { openPages } from './browser';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

// When a test fails, each open page's address and recent log go into the test output (all a CI run
// keeps), and a screenshot beside the others, named after the test.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  let i = 0;
  for (const [page, lines] of openPages) {
    const file = path.join(SHOTS, `failed-${name}-${i++}.png`);
    const shot = await page
      .screenshot({ path: file, timeout: 5_000 })
      .then(() => file)
      .catch((err: unknown) => `no screenshot (${String(err)})`);
    console.error(
      `[failed: ${ctx.task.name}] page at ${page.url()}\n  screenshot: ${shot}\n  ${lines.join('\n  ')}`,
    );
  }
});
