import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const REPORTS = 160;
const LIMIT = 20;
/** The largest a logged report's line may be: every field is cut to its cap (about 4 KB in all). */
const MAX_LINE_BYTES = 5 * 1024;

/** A report of about 10 KB, as a script would send it (the storefront's own are a few hundred bytes). */
const report = (i: number) => ({
  errorId: randomUUID(), type: `FloodError${'E'.repeat(150)}`, message: `m${i} ${'x'.repeat(1900)}`, stack: 's'.repeat(7500), url: `http://store.test/${'p'.repeat(400)}`, release: '1',
  context: Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`k${k}`, 'v'.repeat(10)])),
});

/**
 * W13: one address sends 160 error reports of about 10 KB in a burst. At most 20 are logged (per 10
 * minutes), each at warn and cut to about 4 KB; the rest are refused with 429 and Retry-After, not logged,
 * and counted in one summary line. Another address is still heard.
 */
describe('W13 client error report flood (PostgreSQL)', () => {
  it('160 reports of 10 KB from one address: 20 logged at warn, capped, the rest refused and counted', async () => {
    const app = await startTestApp();
    let accepted = 0;
    let refused = 0;
    let retryAfterOk = 0;
    let otherAccepted = false;
    let logs: Array<Record<string, unknown>> = [];
    let bodyBytes = 0;
    try {
      for (let i = 0; i < REPORTS; i++) {
        const payload = JSON.stringify(report(i));
        bodyBytes = Math.max(bodyBytes, Buffer.byteLength(payload));
        const res = await app.app.inject({ method: 'POST', url: '/client-errors', remoteAddress: '203.0.113.40', headers: { 'content-type': 'application/json' }, payload });
        if (res.statusCode === 202) accepted++;
        else if (res.statusCode === 429) {
          refused++;
          const wait = Number(res.headers['retry-after']);
          if (wait > 0 && wait <= 600) retryAfterOk++;
        }
      }
      const other = await app.app.inject({ method: 'POST', url: '/client-errors', remoteAddress: '198.51.100.40', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(report(-1)) });
      otherAccepted = other.statusCode === 202;
    } finally {
      await app.close();
      logs = app.logs();
    }
    const reportLines = logs.filter((l) => l.msg === 'client error report');
    const fromFlood = reportLines.filter((l) => String((l.clientError as { message?: string }).message).startsWith('m') && !String((l.clientError as { message?: string }).message).startsWith('m-1'));
    const errorLevel = reportLines.filter((l) => Number(l.level) >= 50).length;
    const largestLine = Math.max(0, ...reportLines.map((l) => Buffer.byteLength(JSON.stringify(l))));
    const counted = logs.filter((l) => typeof l.droppedClientErrors === 'number').reduce((sum, l) => sum + Number(l.droppedClientErrors), 0);
    const pass = fromFlood.length <= LIMIT && accepted <= LIMIT && refused === REPORTS - accepted && retryAfterOk === refused && errorLevel === 0
      && largestLine <= MAX_LINE_BYTES && counted === refused && otherAccepted;
    recordScenario({
      id: 'W13',
      done: `${REPORTS} error reports of ${(bodyBytes / 1024).toFixed(1)} KB from one address in a burst, then one from another address`,
      figure: `${fromFlood.length} logged (${errorLevel} at error level, largest line ${(largestLine / 1024).toFixed(1)} KB), ${refused} refused 429 with Retry-After ≤ 600 s and ${counted} counted as dropped; other address ${otherAccepted ? 'logged' : 'refused'}`,
      pass,
    });
    expect(fromFlood.length).toBeLessThanOrEqual(LIMIT);
    expect(refused).toBe(REPORTS - accepted);
    expect(retryAfterOk).toBe(refused);
    expect(errorLevel).toBe(0);
    expect(reportLines.every((l) => Number(l.level) === 40)).toBe(true);
    expect(largestLine).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(counted).toBe(refused);
    expect(otherAccepted).toBe(true);
  });
});
