import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` runs `node scripts/build.mjs`: each workspace (storefront, console, server) is built only
 * when what its build reads has changed since its last build, so a second start with nothing changed
 * starts the server at once. `npm run build` runs it with `--force` and builds all three (CI, tests,
 * benchmarks). See docs/decisions/0031.
 *
 * A build's inputs are hashed (every file's path and content, and the VITE_* variables Vite puts into the
 * bundle); a finished build leaves `dist/.build-stamp` with that hash, and the next run builds again when
 * the hash differs or the stamp is missing. The stamp is removed before a build starts, so a build that
 * fails or is stopped halfway is done again next time. A workspace built another way (`npm run build -w …`)
 * either removed the stamp with its dist (the server) or is built again if its sources changed.
 *
 * The inputs are drawn wide (a whole workspace but its tests, every workspace package, the lockfile),
 * so that a file a build starts to read is not missed: a change in them costs one build, not a stale one.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The three builds, in the order `npm run build` has always run them. */
const WORKSPACES = [
  {
    name: '@probe/storefront',
    dir: 'apps/storefront',
    inputs: ['apps/storefront', 'packages', 'package-lock.json', 'tsconfig.base.json'],
    env: /^VITE_/,
  },
  {
    name: '@probe/admin',
    dir: 'apps/admin',
    inputs: ['apps/admin', 'packages', 'package-lock.json', 'tsconfig.base.json'],
    env: /^VITE_/,
  },
  {
    name: '@probe/server',
    dir: 'apps/server',
    // The server's build reads the storefront's sources too: the store's GraphQL documents (docs/decisions/0029).
    inputs: ['apps/server', 'packages', 'apps/storefront/src', 'package-lock.json', 'tsconfig.base.json'],
    env: null,
  },
];

/** Never a build's input: outputs, installed packages, tests. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage']);
const STAMP = '.build-stamp';

function* files(path) {
  const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(child);
    } else if (entry.isFile()) yield child;
  }
}

/** The hash of a workspace's build inputs (and of this script, so a change in what it hashes builds again). */
function inputsHash(workspace) {
  const hash = createHash('sha256');
  const add = (path) => {
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  add(fileURLToPath(import.meta.url));
  for (const input of workspace.inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) for (const file of files(path)) add(file);
    else add(path);
  }
  if (workspace.env) {
    for (const key of Object.keys(process.env).filter((k) => workspace.env.test(k)).sort()) hash.update(`${key}=${process.env[key]}\0`);
  }
  return hash.digest('hex');
}

function readStamp(workspace) {
  try {
    return JSON.parse(readFileSync(join(root, workspace.dir, 'dist', STAMP), 'utf8'));
  } catch {
    return null;
  }
}

function build(workspace, hash) {
  const stamp = join(root, workspace.dir, 'dist', STAMP);
  rmSync(stamp, { force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', workspace.name], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`${workspace.name}: build failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
}

const force = process.argv.includes('--force');
for (const workspace of WORKSPACES) {
  const hash = inputsHash(workspace);
  const stamp = force ? null : readStamp(workspace);
  if (stamp?.hash === hash) {
    console.log(`${workspace.name}: up to date (built ${stamp.builtAt}), not built again`);
    continue;
  }
  if (!force) console.log(`${workspace.name}: ${stamp ? 'sources changed' : 'not built yet'}, building`);
  build(workspace, hash);
}
