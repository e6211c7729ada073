import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** A port free on the loopback address right now (the server's public origin, and so its sign-in issuer, names it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh embedded database for one server: a copy of the run's template (migrated and seeded once by
 * the global setup, E2E_DATA_TEMPLATE) when there is one, otherwise empty (the server migrates and seeds it).
 */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'probe-e2e-'));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Makes the run's template database: the built server started on an empty folder (it migrates, seeds the
 * demo catalogue and users), then stopped cleanly. Returns the folder; servers then start on copies.
 */
export async function makeDataTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'probe-e2e-template-'));
  const server = await startServer({}, dir);
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
  return dir;
}

/**
 * Starts the real, built server (`apps/server/dist/main.js`, from `npm run build`) on a free port and a fresh
 * embedded database, as `npm start` does: through apps/server/scripts/start.sh, with its node flags and malloc
 * settings (the shell execs node: the child's pid is the server's; the browser tests set SERVER_TUNING=none, V8's
 * and glibc's own sizes, in e2e/global-setup.ts). With the demo accounts (DEMO_DATA), on
 * PostgreSQL too (the benchmarks), unless `env` says otherwise.
 */
export async function startServer(env: Record<string, string> = {}, dataDir = freshDataDir()): Promise<RunningServer> {
  const port = String(await freePort());
  const child = spawn('sh', ['apps/server/scripts/start.sh'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_DATA: 'true', VIES: 'fake', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    // A first start under a loaded machine (other test runs on the same two cores) took 85 s: give it three minutes.
    // A server that did not start is stopped: left running, it outlived the test run (found an hour later, serving nobody).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 180 s:\n${output}`));
    }, 180_000);
    const onData = () => {
      const match = /running at (http:\/\/[^\s/]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url,
    process: child,
    dataDir,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
