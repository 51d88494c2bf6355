import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a whole run (2026-11-29 morning, `CI=true` so without screenshots, two
 * workers, the files beside each other, axe in legacy mode), for the order only: nothing is timed
 * or asserted with them. Refresh them from a run's `--reporter=json` when a file's share changes
 * much (decision 042).
 */
const MEASURED: Record<string, number> = {
  'a11y.e2e.ts': 82,
  'bidding.e2e.ts': 74,
  'deal-defaults.e2e.ts': 67,
  'deal-console.e2e.ts': 66,
  'phone.e2e.ts': 35,
  'notifications.e2e.ts': 33,
  'deal.e2e.ts': 32,
  'accounts.e2e.ts': 28,
  'dispose.e2e.ts': 23,
  'sellers.e2e.ts': 19,
  'lots.e2e.ts': 18,
  'console.e2e.ts': 16,
  'catalog.e2e.ts': 14,
  'shell.e2e.ts': 11,
  'seller-orders.e2e.ts': 8,
};

/**
 * The longest files first, so that the two workers end together. Vitest's own order puts the
 * files its cache has timed longest first, but a clean clone (CI) has no cache, and it then goes by
 * file size: the accessibility file, short but then the slowest of all, ran last and alone for over
 * three minutes. A file not listed here (a new one) runs first, where a long one does least harm.
 */
export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => MEASURED[path.basename(f.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    return Promise.resolve([...files].sort((a, b) => weight(b) - weight(a)));
  }
}
