import type { Server } from 'node:http';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How many requests the server is answering now: each counts until its response is sent or its connection closes. */
export function countInFlight(server: Server): () => number {
  let inFlight = 0;
  server.on('request', (_request, response) => {
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return () => inFlight;
}

/** The share of the last window the event loop spent working, above which the server counts as saturated. */
export const SATURATED = 0.7;
const WINDOW_MS = 250;

/**
 * Whether the server is saturated now: answering requests, with its thread busy more than 70 % of the last
 * quarter second. The jobs inside the server wait while it is (buyers first, their e-mails when the burst is
 * over): a placement burst ran e-mails and invoice PDFs beside it, and their work (rendering, the garbage they
 * leave) took half the server's CPU per order. Under ordinary traffic (requests in flight, the thread mostly
 * idle) the jobs do not wait.
 */
export function saturation(server: Server): () => boolean {
  const inFlight = countInFlight(server);
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let utilization = 0;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, WINDOW_MS).unref();
  return () => inFlight() > 0 && utilization > SATURATED;
}
