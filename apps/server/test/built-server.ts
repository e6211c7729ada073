import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * For the tests that start the built server or worker as `npm start` does: builds the storefront,
 * console and server once when no build is there (CI builds first; after changing the sources, run
 * `npm run build` again). Two test files starting processes at once never rebuild under each other.
 */
export function ensureBuilt(): void {
  const built = ['apps/server/dist/main.js', 'apps/server/dist/worker.js', 'apps/storefront/dist/client/forms.html', 'apps/admin/dist/index.html'].every((f) => existsSync(join(ROOT, f)));
  if (!built) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}
