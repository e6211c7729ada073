import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's metrics (issue 39): one registry per process, served by the metrics listener
 * (listener.ts). Every series the store records is registered here at import; process memory, CPU,
 * garbage collection and event-loop delay (prom-client's default metrics) from the listener's start.
 */
export const registry = new Registry();

let defaults = false;

/** prom-client's process metrics (memory, CPU, event-loop delay, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}
