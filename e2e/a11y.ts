import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on the page, set up as every check here runs it. Legacy mode runs axe in the page itself: the
 * default mode opens a second, blank page to merge the frames' results, which cost about 2 s a check on
 * our 2-core machines (our pages have no frames). Only violations are reported in full (axe's
 * `resultTypes`): the checks read nothing else, and axe then builds selectors for one node of each
 * passed or inapplicable rule instead of all of them (/categories' check about 2.5 -> 1.9 s alone).
 * Options first: `withTags` adds to them, and `options()` after it would replace the tags.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** The page's serious and critical axe violations, as `id: help (targets)` lines (empty when none). */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  let builder = axe(page);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
