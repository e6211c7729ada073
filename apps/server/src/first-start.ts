import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Set in the child that prepares a new embedded database; main.ts then prepares it and exits. */
export const PREPARE_ONLY_ENV = 'PROBE_PREPARE_DATABASE_ONLY';

/**
 * A new embedded database is made in a child process: PGlite's initdb, the migrations and the demo data take
 * its WebAssembly memory to about 750 MB, and WebAssembly memory never shrinks, so a server that made its own
 * database kept that for its whole life (738 MB idle against 223 MB for the same server started on the made
 * database; docs/decisions/0025). The child is this same entry run again, so `npm run dev` and the built server
 * both work; it exits when the folder holds a migrated, seeded database.
 */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<boolean> {
  if (process.env[PREPARE_ONLY_ENV] || existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const entry = process.argv[1];
  if (!entry) return false;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], { env: { ...process.env, [PREPARE_ONLY_ENV]: '1' }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`preparing the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`})`))));
  });
  return true;
}
