import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROWS_DIR, type ScenarioRow } from './support/report.ts';

/** Every scenario of ../shared/research/reliability-security.md that issue 17 asks for, in table order. */
const SCENARIOS: Record<string, string> = {
  P1: 'No card number in requests, database or logs',
  P2: 'Idempotency key: same key and body → same answer; other body → error',
  P3: 'Idempotency key: 10 concurrent with one key → one runs',
  P4: 'Forged or stale webhooks → 400, zero writes',
  P5: 'Webhook racing placement, events out of order → one order, gateway truth',
  P6: 'Killed after the gateway confirms → reconciliation: one order or one refund',
  P7: 'SEPA failing days later → legal transitions only',
  I1: 'Price tampering and changed prices → no charge; charged = total = gateway amount',
  I2: 'Oversell with 50 ms added to every database round trip',
  I3: 'Voucher limits under races, expiry at ±1 s, stacking',
  I4: 'Token and code guessing → 429 with Retry-After, zero hits',
  I5: 'Cross-organization access, every operation × role',
  I6: 'Every anonymous lookup by token (GraphQL and HTTP) shares one miss counter per address → 429, zero hits',
  W1: 'CSP and security headers on every page, zero violations in a crawl',
  W2: 'GraphQL depth/alias/batch/token/body limits → 400/413, p99 holds under attack',
  W3: 'Introspection and suggestions off in production; GET and text/plain mutations refused',
  W4: 'Fuzz of every mutation → zero 500s, database unchanged, text escaped',
  W5: 'Database down, resolver throwing, gateway 500 → generic message with errorId',
  W6: 'A 5 MB upload never stalls the server: refused unread unless a signed-in user sends it; /healthz answers meanwhile',
  W7: 'Distinct anonymous documents and large answers keep memory bounded (parser, JIT and response caches in bytes)',
  W10: 'Host header not trusted: foreign Host refused, every absolute URL on PUBLIC_URL, //host paths not pages',
  W11: 'CORS on /graphql and /admin/graphql: the store\'s own origins only, no grant to a foreign preflight',
  W12: 'Analytics events: user from the token, purchases only for real orders by their buyer, size and rate limits',
  W13: 'Client error reports: rate-limited per address, capped, logged at warn, drops counted',
  W14: 'Test gateway ledger not served to anonymous callers in production',
  D2: 'Outbox: one row per committed order, worker killed mid-send, no duplicate delivery',
  D3: 'Two instances behind a load balancer, rolling restart → zero 5xx, every order stored',
  D4: 'PostgreSQL restarted under load → fast errors, recovery, every order survives',
  D5: 'Backup and restore drill',
  E1: 'Embedded database: server SIGKILLed under load → every acknowledged order there',
  O1: 'Observability: a real Prometheus scrapes two servers and the worker under load; counts match, forced faults show and fire the shipped alerts',
  A1: 'No open redirect: every redirect parameter of the store, the provider and the console, in every encoding, stays on the store',
  A2: 'Nobody locks the holder out: a stranger\'s failures hold back strangers, not the holder\'s device cookie or known address',
  A3: 'Weak passwords (common, too short, built on the e-mail) refused at sign-up and reset, saying why in the user\'s language',
  A4: 'Signing out signs out everywhere within seconds: the token, the provider session, the console, the browser\'s storage',
  A5: 'No demo accounts with published passwords in a deployment; the first owner made by command signs in to the console',
  A6: 'Staff rights only with a console token: a staff member\'s store token opens no learner\'s proof',
};

function rows(): ScenarioRow[] {
  if (!existsSync(ROWS_DIR)) return [];
  return readdirSync(ROWS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(ROWS_DIR, f), 'utf8')) as ScenarioRow);
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Starts the run with no rows; at its end writes test-results/reliability.md, one line per scenario (not run ones included). */
export default function setup() {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  rmSync(ROWS_DIR, { recursive: true, force: true });
  return () => {
    const found = rows();
    const lines = ['# Reliability and security scenarios', '', `Run ${new Date().toISOString()}${process.env.RELIABILITY_LONG ? ' (with the long scenarios)' : ' (fast part only: `npm run test:reliability` runs the long ones too)'}.`, '',
      '| id | scenario | what was done | figure | result |', '|---|---|---|---|---|'];
    for (const [id, scenario] of Object.entries(SCENARIOS)) {
      const mine = found.filter((r) => r.id === id || (r.id.startsWith(id) && !/\d/.test(r.id.slice(id.length, id.length + 1))));
      if (mine.length === 0) lines.push(`| ${id} | ${cell(scenario)} | not run | | |`);
      for (const r of mine.sort((a, b) => a.id.localeCompare(b.id))) lines.push(`| ${r.id} | ${cell(scenario)} | ${cell(r.done)} | ${cell(r.figure)} | ${r.pass ? 'PASS' : 'FAIL'} |`);
    }
    mkdirSync(join(ROWS_DIR, '..'), { recursive: true });
    writeFileSync(join(ROWS_DIR, '..', 'reliability.md'), `${lines.join('\n')}\n`);
  };
}
