import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a whole run, its hooks included (2026-11-30 evening, `CI=true` so
 * without screenshots, two workers, the files beside each other, on a quiet machine: 612 s), for
 * the order only: nothing is timed or asserted with them. Refresh them from the default reporter's
 * per-file lines when a file's share changes much (decision 042).
 */
const MEASURED: Record<string, number> = {
  'deal-console.e2e.ts': 158,
  'deal-defaults.e2e.ts': 143,
  'a11y.e2e.ts': 139,
  'console.e2e.ts': 92,
  'bidding.e2e.ts': 89,
  'accounts.e2e.ts': 78,
  'deal.e2e.ts': 65,
  'phone.e2e.ts': 64,
  'dispose.e2e.ts': 62,
  'notifications.e2e.ts': 48,
  'content.e2e.ts': 42,
  'sellers.e2e.ts': 39,
  'lots.e2e.ts': 38,
  'catalog.e2e.ts': 36,
  'shell.e2e.ts': 24,
  'seller-orders.e2e.ts': 11,
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
