import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/server.ts';

export { freePort };
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Proc {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code and signal (at once when it has already exited). */
  exited: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal?: NodeJS.Signals) => void;
}

/** Every child this module started in this test file (killed by `killStarted`, by pid, never by name). */
const started = new Set<ChildProcess>();

export function spawnProc(command: string, args: string[], env: Record<string, string>, options: { cwd?: string } = {}): Proc {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => void (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => void (output += c.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => {
    started.delete(child);
    resolve({ code, signal });
  }));
  return {
    child,
    output: () => output,
    exited: () => done,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Waits until the process has printed `pattern` (rejects if it exits first or the time runs out). */
export function waitForOutput(proc: Proc, pattern: RegExp | string, timeoutMs = 60_000): Promise<void> {
  const matches = () => (typeof pattern === 'string' ? proc.output().includes(pattern) : pattern.test(proc.output()));
  return new Promise<void>((resolve, reject) => {
    if (matches()) return resolve();
    const timer = setTimeout(() => finish(new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${proc.output().slice(-3000)}`)), timeoutMs);
    const onData = () => matches() && finish();
    const onExit = () => finish(new Error(`exited before ${String(pattern)}:\n${proc.output().slice(-3000)}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      proc.child.stdout!.off('data', onData);
      proc.child.stderr!.off('data', onData);
      proc.child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    proc.child.stdout!.on('data', onData);
    proc.child.stderr!.on('data', onData);
    proc.child.once('exit', onExit);
  });
}

export interface ServerProc extends Proc {
  port: number;
  url: string;
}

/**
 * The built server (`apps/server/dist/main.js`) on `port`, started and announced ("running at"). With the
 * demo accounts (DEMO_DATA) unless `env` says otherwise: on PostgreSQL a real start has none.
 */
export async function startBuiltServer(env: Record<string, string>, port?: number): Promise<ServerProc> {
  const p = port ?? (await freePort());
  const proc = spawnProc(process.execPath, ['apps/server/dist/main.js'], {
    HOST: '127.0.0.1', PORT: String(p), PUBLIC_URL: `http://127.0.0.1:${p}`, LOG_LEVEL: 'warn', NODE_ENV: 'test', DEMO_DATA: 'true', ...env,
  });
  await waitForOutput(proc, 'running at', 90_000);
  return { ...proc, port: p, url: `http://127.0.0.1:${p}` };
}

/** The built worker (`apps/server/dist/worker.js`), started and polling ("job runner started"). */
export async function startBuiltWorker(env: Record<string, string>): Promise<Proc> {
  const proc = spawnProc(process.execPath, ['apps/server/dist/worker.js'], { NODE_ENV: 'test', ...env, LOG_LEVEL: 'info' });
  await waitForOutput(proc, 'job runner started', 60_000);
  return proc;
}

/** Kills (SIGKILL) every child this file started that still runs. */
export async function killStarted(): Promise<void> {
  const waits = [...started].map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
    child.once('exit', resolve);
    child.kill('SIGKILL');
  }));
  await Promise.all(waits);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
