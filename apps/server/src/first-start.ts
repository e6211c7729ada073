import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Set in the child that prepares the database; main.ts then prepares it and exits. */
export const PREPARE_ONLY_ENV = 'PROBE_PREPARE_DATABASE_ONLY';

/** This process is the child preparing the database. */
export const isPreparing = (): boolean => !!process.env[PREPARE_ONLY_ENV];

/**
 * A new embedded database is made in a child process: PGlite's initdb, the migrations and the demo data take
 * its WebAssembly memory to about 750 MB, and WebAssembly memory never shrinks, so a server that made its own
 * database kept that for its whole life (738 MB idle against 223 MB for the same server started on the made
 * database; docs/decisions/0025). The child is this same entry run again, so `npm run dev` and the built server
 * both work; it exits when the folder holds a migrated, seeded database.
 */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<boolean> {
  if (isPreparing() || existsSync(join(dataDir, 'PG_VERSION'))) return false;
  return prepareInChild();
}

/**
 * The same on PostgreSQL when the demo data is missing or older: loading it took a server's heap, and so its
 * resident memory, from 149 to 237 MB idle for good. The migrations stay in the server (SQL the database runs).
 */
export async function prepareDemoData(isCurrent: () => Promise<boolean>): Promise<boolean> {
  if (isPreparing() || (await isCurrent())) return false;
  return prepareInChild();
}

async function prepareInChild(): Promise<boolean> {
  const entry = process.argv[1];
  if (!entry) return false;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], { env: { ...process.env, [PREPARE_ONLY_ENV]: '1' }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`))));
  });
  return true;
}
