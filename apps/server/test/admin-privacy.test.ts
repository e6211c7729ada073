import { DEMO_USERS, schema } from '@probe/db';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runErasure } from '../src/modules/privacy/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import type { TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [individual, , member, , , , operator, support] = DEMO_USERS;
const LIST = '{ dataRequests { id kind state source userId email handledBy steps refusal createdAt finishedAt } }';
const START = 'mutation S($email: String!) { dataErasureStart(email: $email) { request { id state } errors { field code message } } }';

interface Listed { id: string; kind: string; state: string; source: string; userId: string; email: string | null; handledBy: string | null; steps: string[] }
interface Started { dataErasureStart: { request: { id: string; state: string } | null; errors: Array<{ field: string | null; code: string; message: string }> } }

let t: TestApp;
let sign: Awaited<ReturnType<typeof startStaffApp>>['sign'];
beforeAll(async () => {
  ({ t, sign } = await startStaffApp([[support!, 'SUPPORT']]));
});
afterAll(() => t?.close());

describe(`data requests in the console (${DB})`, () => {
  it('an owner starts an erasure by the customer\'s e-mail; support may read the list but not start one; every step is in the audit log', async () => {
    const owner = await sign(operator!);
    const reader = await sign(support!);
    expect(denied(await adminGql(t, START, { email: member!.email }, reader))).toBe(true);
    expect((await adminGql<Started>(t, START, { email: 'nobody@example.com' }, owner)).data!.dataErasureStart.errors).toMatchObject([{ field: 'email', code: 'NOT_FOUND' }]);
    const refused = await adminGql<Started>(t, START, { email: individual!.email }, owner);
    expect(refused.data!.dataErasureStart.errors[0]).toMatchObject({ code: 'LAST_ADMIN', message: expect.stringMatching(/^The customer is the only admin of Ada Individual, which has a live subscription\. Another member must be made an admin/) });

    const started = await adminGql<Started>(t, START, { email: member!.email.toUpperCase() }, owner);
    expect(started.data!.dataErasureStart).toMatchObject({ request: { state: 'PENDING' }, errors: [] });
    const id = started.data!.dataErasureStart.request!.id;

    const before = await adminGql<{ dataRequests: Listed[] }>(t, LIST, {}, reader);
    expect(before.data!.dataRequests).toMatchObject([{ id, kind: 'ERASURE', state: 'PENDING', source: 'STAFF', userId: member!.id, email: member!.email, handledBy: operator!.email, steps: [] }]);

    await runErasure({ db: t.database.db, mailSinkDir: null }, id);
    const after = await adminGql<{ dataRequests: Listed[] }>(t, LIST, {}, reader);
    expect(after.data!.dataRequests[0]).toMatchObject({ id, state: 'DONE', email: null, handledBy: operator!.email });
    const entries = await t.database.db.select().from(schema.auditLog).where(like(schema.auditLog.subject, `data-request:${id}`));
    expect(entries.map((e) => e.action)).toEqual([
      'privacy.erasure.request',
      ...after.data!.dataRequests[0]!.steps.map((step) => `privacy.erasure.${step}`),
      'privacy.erasure.done',
    ]);
    expect(entries[0]).toMatchObject({ actorId: operator!.id, actorEmail: operator!.email });
  });
});
