import { existsSync } from 'node:fs';

/** Debian's chromium-headless-shell: Chromium's headless shell, without the browser's windowing layers. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser the browser tests and the reliability suite drive: CHROME_PATH when set, else Debian's
 * headless shell when installed, else Debian's chromium. The shell is the same Blink and V8 as chromium
 * (the same package version): it opens a browser context and its first page in less than half of
 * chromium's CPU (8 pages, each in a new context: 5.2-6.3 s against 12.3-16.6 s), and every test opens
 * new contexts.
 */
export function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
