import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInAtProvider } from './account.ts';
import { openPage, screenshot, seriousViolations, VIEWPORTS } from './browser.ts';

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

/** A page of its own at 1440 px, signed in to the console as `email` from `path` at the staff sign-in, its user shown. */
export async function consoleAs(browser: Browser, email: string, path = '/admin/'): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, { viewport: VIEWPORTS.desktop });
  await signInAtProvider(opened.page, path, email);
  await opened.page.getByTestId('console-user').filter({ hasText: email }).waitFor();
  return { context: opened.context, page: opened.page };
}

/** The outcome messages a console page shows now (status lines and alerts in its main part): every action says its outcome once. */
export async function outcomes(page: Page): Promise<string[]> {
  return (await page.locator('main [role="status"], main [role="alert"]').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}
