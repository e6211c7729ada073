import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser.ts';

/** The narrowest screen the console is built for (issue 35: tables stay readable at 768 px). */
export const TABLET = { width: 768, height: 1024 } as const;

/** A console page at 1440 and 768 px: no serious axe violation, nothing scrolling sideways at 768, both screenshots saved. */
export async function lookAt(page: Page, name: string): Promise<void> {
  for (const [viewport, size] of [['desktop', VIEWPORTS.desktop], ['tablet', TABLET]] as const) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshot(page, `${name}-${viewport}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
