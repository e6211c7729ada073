/**
 * Fault points: places where a test makes the process die on purpose, to prove what a crash there leaves
 * behind (after Saleor's race_condition RunBefore/RunAfter). `FAULT_POINT=<name>` kills the process
 * (SIGKILL, no clean-up) when it reaches that point — honoured only when NODE_ENV is `test` or
 * `development`, never in production (NODE_ENV unset means production).
 */
export type FaultPointName =
  /** The gateway has confirmed a payment; the order's transaction has not committed. */
  | 'after-payment-confirmed'
  /** An erasure job has committed its `orders` step; the steps after it have not run (issue 38). */
  | 'erasure-after-orders';

export function faultPoint(name: FaultPointName): void {
  const env = process.env.NODE_ENV;
  if ((env === 'test' || env === 'development') && process.env.FAULT_POINT === name) {
    process.stderr.write(`FAULT_POINT ${name}: killing the process\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
