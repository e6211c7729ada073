// Runs before the browser tests: without a browser they stop here with the instruction, not a stack trace.
import { existsSync } from 'node:fs';
import { chromePath } from './support/chrome-path.ts';

const path = chromePath();
if (!existsSync(path)) {
  console.error(`
  Browser tests need Chromium, and none was found at ${path}.
  Install Debian's headless shell (or its chromium):   sudo apt-get update && sudo apt-get install -y chromium-headless-shell
  or point CHROME_PATH at a Chromium or Chrome binary:   CHROME_PATH=/path/to/chrome npm test
`);
  process.exit(1);
}
