import { randomUUID } from 'node:crypto';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startStaffApp } from '../../apps/server/test/admin-support.ts';
import type { TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const REQUEST = 'mutation R($input: LearnerVerificationRequestInput!) { learnerVerificationRequest(input: $input) { verification { id proofUrl } errors { code } } }';
const LEARNERS = 6;

/**
 * A6: staff rights come only with a console token. Learners send their proofs of enrollment; a member of
 * staff (an owner, who may read every proof in the console) asks for each with their store token: every
 * answer is the same 404 as for a stranger. With their console token each opens; each learner opens their
 * own with their store token and nobody else's; a buyer's console token opens none.
 */
describe('A6 staff rights only with a console token (PostgreSQL)', () => {
  let app: TestApp;
  let sign: Awaited<ReturnType<typeof startStaffApp>>['sign'];
  beforeAll(async () => {
    ({ t: app, sign } = await startStaffApp([]));
  });
  afterAll(() => app?.close());

  /** A learner's request as the browser sends it (GraphQL multipart request). */
  async function sendProof(headers: Record<string, string>, n: number): Promise<string> {
    const form = new FormData();
    const input = { market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: `University ${n}`, graduationYear: new Date().getUTCFullYear() + 2, proof: null };
    form.set('operations', JSON.stringify({ query: REQUEST, variables: { input } }));
    form.set('map', JSON.stringify({ 0: ['variables.input.proof'] }));
    form.set('0', new File([new Uint8Array(PDF)], `enrollment-${n}.pdf`, { type: 'application/pdf' }));
    const request = new Request('http://store/graphql', { method: 'POST', body: form });
    const res = await app.app.inject({
      method: 'POST', url: '/graphql', payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, accept: 'application/json', ...headers },
    });
    const answer = res.json().data.learnerVerificationRequest;
    expect(answer.errors).toEqual([]);
    return answer.verification.proofUrl as string;
  }
  const get = (url: string, headers: Record<string, string>) => app.app.inject({ method: 'GET', url, headers });

  it('a staff member\'s store token opens no learner\'s proof; their console token does; learners keep their own', async () => {
    const person = (name: string) => ({ id: `a6-${name}-${randomUUID()}`, email: `${name}-${randomUUID().slice(0, 8)}@a6.example` });
    const learners = Array.from({ length: LEARNERS }, (_, i) => person(`learner${i}`));
    const staff = person('owner');
    const buyer = person('buyer');
    const store = async (p: { id: string; email: string }) => sign(p, 'probe-store');
    const console = async (p: { id: string; email: string }) => sign(p, 'probe-admin');

    const urls: string[] = [];
    for (const [i, learner] of learners.entries()) urls.push(await sendProof(await store(learner), i));
    // The staff member and the buyer come once to the store (their accounts are made), then the staff member is made an owner.
    for (const p of [staff, buyer]) expect((await app.gql('{ me { email } }', {}, await store(p))).status).toBe(200);
    await app.database.db.update(schema.users).set({ staffRole: 'OWNER' }).where(eq(schema.users.id, staff.id));

    let openedWithStoreToken = 0;
    let openedWithConsoleToken = 0;
    let ownOpened = 0;
    let othersOpened = 0;
    let buyerConsoleOpened = 0;
    for (const [i, url] of urls.entries()) {
      const asStaffInStore = await get(url, await store(staff));
      if (asStaffInStore.statusCode === 200) openedWithStoreToken++;
      else expect(asStaffInStore.statusCode).toBe(404);
      if ((await get(url, await console(staff))).statusCode === 200) openedWithConsoleToken++;
      const own = await get(url, await store(learners[i]!));
      if (own.statusCode === 200 && Buffer.compare(own.rawPayload, PDF) === 0) ownOpened++;
      if ((await get(url, await store(learners[(i + 1) % LEARNERS]!))).statusCode === 200) othersOpened++;
      if ((await get(url, await console(buyer))).statusCode === 200) buyerConsoleOpened++;
    }
    const pass = openedWithStoreToken === 0 && openedWithConsoleToken === LEARNERS && ownOpened === LEARNERS && othersOpened === 0 && buyerConsoleOpened === 0;
    recordScenario({
      id: 'A6',
      done: `${LEARNERS} learners' proofs asked for by an owner with their store token and their console token, by each learner, by another learner, and by a buyer's console token`,
      figure: `${openedWithStoreToken}/${LEARNERS} opened with the owner's store token${openedWithStoreToken ? '' : ' (each a 404, as to a stranger)'}; ${openedWithConsoleToken}/${LEARNERS} with their console token; ${ownOpened}/${LEARNERS} learners open their own, ${othersOpened} another's; ${buyerConsoleOpened} with a buyer's console token`,
      pass,
    });
    expect(openedWithStoreToken).toBe(0);
    expect(openedWithConsoleToken).toBe(LEARNERS);
    expect(ownOpened).toBe(LEARNERS);
    expect(othersOpened).toBe(0);
    expect(buyerConsoleOpened).toBe(0);
  });

  it('a configuration where the console\'s audience is the store\'s (every store token a console token) does not start', () => {
    expect(() => loadConfig({ AUTH_JWT_AUDIENCE: 'shop', AUTH_ADMIN_AUDIENCE: 'shop' })).toThrow(/AUTH_ADMIN_AUDIENCE: must differ from AUTH_JWT_AUDIENCE/);
  });
});
