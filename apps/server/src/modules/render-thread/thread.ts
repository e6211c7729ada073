/** The render thread (index.ts starts it): runs the renderers it is asked for, one message per call. */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderDocumentPdf } from '../documents/index.ts';
import { renderOrderMail } from '../orders/index.ts';
import type { TaskName } from './index.ts';

// The lowest priority, for this thread alone (Linux gives each thread a nice value of its own): the
// requests' thread and the database come first when the cores are busy.
try {
  setPriority(19);
} catch {
  // Not permitted here: the thread still keeps the work off the requests' thread.
}

const tasks: Record<TaskName, (...args: never[]) => Promise<unknown>> = { documentPdf: renderDocumentPdf, orderMail: renderOrderMail };

parentPort!.on('message', async ({ id, task, args }: { id: number; task: TaskName; args: never[] }) => {
  try {
    parentPort!.postMessage({ id, value: await tasks[task](...args) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
