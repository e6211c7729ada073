/**
 * Rendering off the requests' thread: the order e-mails (React Email) and the invoice and quote PDFs
 * (pdfkit) are made in one worker thread at the lowest CPU priority, so that an e-mail with its PDF never
 * holds a buyer's request. In the server the outbox handlers and the document downloads call it alike.
 * The thread starts with the first call (its libraries and fonts load there, not in the server) and ends
 * after a minute without work. See docs/decisions/0026.
 */
import { Worker } from 'node:worker_threads';

/** What the thread renders (thread.ts): an invoice or quote PDF, an order e-mail. */
export type TaskName = 'documentPdf' | 'orderMail';

const IDLE_MS = 60_000;

interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }
let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * Bundled (dist/*.js), the thread is render-thread.js beside the bundle; from the sources (npm run dev,
 * tests), thread.ts loaded through tsx's loader, registered in the thread (a worker's `--import tsx` did
 * not reach its entry on Node 20).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./render-thread.js', import.meta.url), { resourceLimits: RESOURCE_LIMITS });
  const entry = JSON.stringify(new URL('./thread.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { eval: true, resourceLimits: RESOURCE_LIMITS });
}

/**
 * The thread's young generation held to 4 MB (V8's default grows to 16 MB per semispace under a run of
 * receipts): 1,500 orders placed in four seconds on PostgreSQL took the server's peak from 287 to 259 MB,
 * and the requests' throughput did not fall (bench:checkout). Its old generation is left to V8: a limit
 * there would end the thread mid-receipt.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4 };

function failAll(error: Error): void {
  for (const call of pending.values()) call.reject(error);
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = pending.get(id);
    pending.delete(id);
    if (error !== undefined) call?.reject(new Error(error));
    else call?.resolve(value);
    if (!pending.size) release();
  });
  // A thread that dies takes its calls with it; the next call starts another. (A thread ended for being idle
  // is no longer the current one and had no calls.)
  started.on('error', (error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker !== started) return;
    worker = null;
    failAll(new Error(`the render thread stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/** No call in hand: the thread does not keep the process alive, and ends after IDLE_MS. */
function release(): void {
  worker?.unref();
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    const ending = worker;
    worker = null;
    void ending?.terminate();
  }, IDLE_MS);
  idle.unref();
}

/** Runs a task in the render thread; its answer comes back by structured clone (a Buffer as a Uint8Array). */
export function renderOffThread<T>(task: TaskName, args: unknown[]): Promise<T> {
  if (idle) clearTimeout(idle);
  idle = null;
  const target = thread();
  target.ref();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ id, task, args });
  });
}
