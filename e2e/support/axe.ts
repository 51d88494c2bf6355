import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { still } from './browser';

/**
 * axe-core (WCAG 2.1 A/AA and best practices) on the page as it is: each serious or critical
 * violation as a line naming `label` and up to five offending elements.
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Colours are measured at rest: no spinner left and no animation or transition still running
  // (a fixed 400-ms pause here before, decision 051).
  await still(page);
  // Legacy mode runs axe in the page's own frames. The default mode opens a blank page for each
  // analysis to merge the frames' results, for cross-origin frames, which the mall has none of; that
  // page cost 2–3 s of the 4–5 s of each analysis. Only violations are reported in detail (the
  // passes' node lists were most of the rest); the rules run are the same.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label} ${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n'),
    );
}
