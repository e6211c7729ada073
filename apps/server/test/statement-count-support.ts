import { DEMO_USERS } from '@probe/db';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { STATEMENT_BUDGETS, type Area } from './statement-budgets.ts';
import { storeOperations as storefrontOperations } from '../src/graphql/store-documents.ts';

/** The storefront's operations, read from its operations files. */
export const OPERATIONS = storefrontOperations();

const [individual, admin, member, vet, student, lapsed] = DEMO_USERS;
export const USERS = { individual: individual!, admin: admin!, member: member!, vet: vet!, student: student!, lapsed: lapsed! };
export type Viewer = 'anonymous' | keyof typeof USERS;

/** The demo organizations (packages/db/src/seed/accounts.ts). */
export const ORG = {
  ada: '5e0c2b9a-3f4d-4c1e-8b6a-000000000001',
  lakeside: '5e0c2b9a-3f4d-4c1e-8b6a-000000000002',
  nordvet: '5e0c2b9a-3f4d-4c1e-8b6a-000000000003',
  mokotow: '5e0c2b9a-3f4d-4c1e-8b6a-000000000005',
} as const;

export const gid = (type: string, id: string | number) => Buffer.from(`${type}:${id}`).toString('base64');

export interface Run<T = any> {
  statements: number;
  /** The statements' text, to show when a budget is exceeded. */
  log: string[];
  data: T;
}

export interface CountingApp {
  t: TestApp;
  headers(viewer: Viewer): Record<string, string>;
  /** A signed-in caller's headers for any user (made on their first request, like a new sign-in). */
  tokenFor(userId: string, email: string): Promise<Record<string, string>>;
  /** Runs one of the storefront's operations as `viewer` and counts its statements; a GraphQL error fails the test. */
  run<T = any>(name: string, variables: Record<string, unknown>, viewer: Viewer): Promise<Run<T>>;
}

/** The real app on a fresh database, with tokens for the demo users. */
export async function startCountingApp(): Promise<CountingApp> {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const key: CryptoKey = pair.privateKey;
  const t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  const tokenFor = async (userId: string, email: string) => {
    const jwt = await new SignJWT({ email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(userId).setIssuedAt().setExpirationTime('30m').sign(key);
    return { authorization: `JWT ${jwt}` };
  };
  const auth = new Map<Viewer, Record<string, string>>([['anonymous', {}]]);
  for (const [name, user] of Object.entries(USERS)) auth.set(name as Viewer, await tokenFor(user.id, user.email));
  const headers = (viewer: Viewer) => auth.get(viewer)!;
  return {
    t,
    headers,
    tokenFor,
    run: async (name, variables, viewer) => {
      const operation = OPERATIONS.get(name);
      if (!operation) throw new Error(`the storefront has no operation ${name}`);
      const log: string[] = [];
      t.database.stats.log = log;
      const before = t.database.stats.statements;
      const res = await t.gql(operation.text, variables, headers(viewer));
      t.database.stats.log = undefined;
      if (res.body.errors) throw new Error(`${name} as ${viewer}: ${JSON.stringify(res.body.errors)}`);
      return counted(log, t.database.stats.statements - before, res.body.data);
    },
  };
}

/**
 * A run's count: its statements without transaction control, which only PostgreSQL's driver sends as
 * statements of their own (PGlite's does not), so that one budget holds on both databases.
 */
export function counted(log: string[], total: number, data: unknown): Run {
  if (log.length !== total) throw new Error(`the statement log has ${log.length} statements, the count ${total}`);
  const queries = log.filter((q) => !TRANSACTION_CONTROL.test(q));
  return { statements: queries.length, log: queries, data };
}
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

const shown = (run: Run) => run.log.map((q, i) => `  ${i + 1}. ${q.replace(/\s+/g, ' ').slice(0, 200)}`).join('\n');

/** What a file measured, by operation: the largest count seen (its area's check then asks for every line of the table). */
export class Measured {
  readonly counts = new Map<string, number>();

  constructor(private readonly area: Area) {}

  /** The run stays within its operation's budget (and is remembered as measured). */
  within(name: string, run: Run): void {
    const budget = STATEMENT_BUDGETS[name];
    if (!budget) throw new Error(`${name} has no line in the budget table`);
    this.counts.set(name, Math.max(this.counts.get(name) ?? 0, run.statements));
    expect.soft(run.statements, `${name}: ${run.statements} statements, its budget is ${budget[0]}:\n${shown(run)}`).toBeLessThanOrEqual(budget[0]);
  }

  /**
   * The same operation with its list grown: a larger list (by default every array element in the answer;
   * `sizes` when what grows is not in the answer), and not one statement more.
   */
  noGrowth(name: string, small: Run, grown: Run, sizes: readonly [small: number, grown: number] = [arrayElements(small.data), arrayElements(grown.data)]): void {
    this.within(name, grown);
    expect.soft(sizes[1], `${name}: the grown list should be larger than the small one`).toBeGreaterThan(sizes[0]);
    expect.soft(grown.statements, `${name} grew from ${small.statements} statements (${sizes[0]} items) to ${grown.statements} (${sizes[1]} items):\n${shown(grown)}`).toBeLessThanOrEqual(small.statements);
    this.grown.add(name);
  }

  readonly grown = new Set<string>();

  /** Every line of the table for this area was measured, and every list operation of it was grown. */
  expectComplete(): void {
    const mine = Object.entries(STATEMENT_BUDGETS).filter(([, b]) => b[1] === this.area);
    expect([...this.counts.keys()].sort()).toEqual(mine.map(([name]) => name).sort());
    expect([...this.grown].sort()).toEqual(mine.filter(([, b]) => b[2] === 'list').map(([name]) => name).sort());
  }

  /** The measured counts, as a table for the run's output. */
  print(): void {
    console.log([...this.counts].map(([name, n]) => `${name.padEnd(40)} ${String(n).padStart(3)} / ${STATEMENT_BUDGETS[name]![0]}`).join('\n'));
  }
}

/** How many array elements an answer holds, at any depth: it grows when any list in it grows. */
export function arrayElements(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((n: number, v) => n + arrayElements(v), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + arrayElements(v), 0);
  return 0;
}
