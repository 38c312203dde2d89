import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The serious and critical axe violations of the page as the user sees it once it is still.
 * Waits for running CSS transitions first: the footer fades in over 0.2 s, and axe measuring
 * its contrast half-way through the fade reports text that no user reads at that opacity.
 */
export async function seriousViolations(page: Page, prefix = ''): Promise<string[]> {
  // Transitions only: a loading spinner's infinite animation would never end.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test on any serious or critical axe violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}
