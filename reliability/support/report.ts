import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where each scenario leaves its row; the suite's global setup gathers them into test-results/reliability.md. */
export const ROWS_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'reliability');

export interface ScenarioRow {
  /** The plan's id: P1…P7, I1…I5, W1…W5, D2…D5, E1. A scenario measured in parts adds a suffix (P2a). */
  id: string;
  /** What was done, in a line: the load, the fault, the counts. */
  done: string;
  /** The figure that decides it, with its unit (e.g. "1 order from 20 replays", "p99 41 ms vs 38 ms baseline"). */
  figure: string;
  pass: boolean;
}

/** Records one scenario's outcome (call it after the assertions so a failed test records pass: false first, then throws). */
export function recordScenario(row: ScenarioRow): void {
  mkdirSync(ROWS_DIR, { recursive: true });
  writeFileSync(join(ROWS_DIR, `${row.id}.json`), JSON.stringify(row));
}
