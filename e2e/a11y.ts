import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical axe violations, as `id: help (targets)` lines (empty when none).
 * Legacy mode runs axe in the page itself: the default mode opens a second, blank page to merge the
 * frames' results, which cost about 2 s a check on our 2-core machines (our pages have no frames).
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
