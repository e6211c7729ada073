import { DEMO_USERS, schema } from '@probe/db';
import { count, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { adminGql, denied, tokenFor } from './admin-support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const [, , member, vet, student, , operator] = DEMO_USERS;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const VERIFICATION = 'id status market institution graduationYear proofName proofContentType proofSize proofUrl decidedAt decisionNote validUntil';
const REQUEST = `mutation R($input: LearnerVerificationRequestInput!) { learnerVerificationRequest(input: $input) { verification { ${VERIFICATION} } errors { field code message } } }`;
const DECIDE = 'mutation D($id: String!, $approve: Boolean!, $note: String) { learnerVerificationDecide(id: $id, approve: $approve, note: $note) { verification { id status decisionNote } errors { field code message } } }';

interface Verification { id: string; status: string; proofName: string; proofContentType: string; proofSize: number; proofUrl: string; decidedAt: string | null; decisionNote: string | null; validUntil: string | null }
interface Payload { verification: Verification | null; errors: Array<{ field: string | null; code: string; message: string }> }

let t: TestApp;
let key: CryptoKey;
const auth: Record<string, Record<string, string>> = {};
/** Console tokens (the decisions are the console's API's). */
const staffAuth: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  for (const [name, user] of Object.entries({ member, vet, student, operator })) {
    auth[name] = await tokenFor(key, user!);
    staffAuth[name] = await tokenFor(key, user!, 'probe-admin');
  }
});
afterAll(() => t?.close());

/** A learner's request as the browser sends it: a multipart body (GraphQL multipart request spec). */
async function sendProof(headers: Record<string, string>, file: { bytes: Buffer; name: string; type: string }, fields: Record<string, unknown> = {}) {
  const form = new FormData();
  const input = { market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: 'University of Leeds', graduationYear: new Date().getUTCFullYear() + 2, proof: null, ...fields };
  form.set('operations', JSON.stringify({ query: REQUEST, variables: { input } }));
  form.set('map', JSON.stringify({ 0: ['variables.input.proof'] }));
  form.set('0', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request('http://store/graphql', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST', url: '/graphql', payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, accept: 'application/json', ...headers },
  });
  return { status: res.statusCode, payload: res.statusCode === 200 ? (res.json().data?.learnerVerificationRequest as Payload) : null, body: res.body };
}

const rows = async () => (await t.database.db.select({ n: count() }).from(schema.learnerVerifications))[0]!.n;
const getProof = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decide = (who: string, variables: Record<string, unknown>) => adminGql<{ learnerVerificationDecide: Payload }>(t, DECIDE, variables, staffAuth[who]);
/** The id the console knows a learner's pending request by. */
const pendingIdOf = async (email: string) => {
  const queue = await adminGql<{ learnerVerifications: Array<{ id: string; email: string }> }>(t, '{ learnerVerifications(status: "PENDING") { id email } }', {}, staffAuth.operator);
  return queue.data!.learnerVerifications.find((q) => q.email === email)!.id;
};
const studentCheckout = (voucherCode?: string) => readyCheckout(t, {
  country: 'GB', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }], address: { firstName: 'Sam', lastName: 'Student', streetAddress1: '1 Park Row', city: 'Leeds', postalCode: 'LS1 5HD', country: 'GB', phone: '+44 113 496 0000' },
  ...(voucherCode ? { voucherCode } : {}),
  signedIn: { headers: auth.student!, organizationMembershipId: '' },
});

describe('learner status verification (issue 14)', () => {
  it('refuses a proof that is not a PDF or image by its content, empty, or too large, storing nothing', async () => {
    const before = await rows();
    const renamed = await sendProof(auth.student!, { bytes: Buffer.from('I am enrolled, trust me'), name: 'enrollment.pdf', type: 'application/pdf' });
    expect(renamed.payload!.errors).toEqual([{ field: 'proof', code: 'BAD_PROOF_OF_ENROLLMENT', message: 'The file is not a PDF, JPEG, PNG or WebP document' }]);
    const html = await sendProof(auth.student!, { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'card.png', type: 'image/png' });
    expect(html.payload!.errors.map((e) => e.code)).toEqual(['BAD_PROOF_OF_ENROLLMENT']);
    const empty = await sendProof(auth.student!, { bytes: Buffer.alloc(0), name: 'empty.pdf', type: 'application/pdf' });
    expect(empty.payload!.errors.map((e) => [e.field, e.code])).toEqual([['proof', 'BAD_PROOF_OF_ENROLLMENT']]);
    const large = await sendProof(auth.student!, { bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.pdf', type: 'application/pdf' });
    expect(large.payload!.errors).toEqual([{ field: 'proof', code: 'BAD_PROOF_OF_ENROLLMENT', message: 'The file is larger than 5 MB' }]);
    const huge = await sendProof(auth.student!, { bytes: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]), name: 'huge.pdf', type: 'application/pdf' });
    expect(huge.status).toBe(413);
    // Each field says what is wrong, all at once, and the file is checked too.
    const fields = await sendProof(auth.student!, { bytes: Buffer.from('nope'), name: 'x.pdf', type: 'application/pdf' }, { institution: '  ', graduationYear: 1999 });
    expect(fields.payload!.errors.map((e) => [e.field, e.code])).toEqual([['institution', 'REQUIRED'], ['graduationYear', 'INVALID'], ['proof', 'BAD_PROOF_OF_ENROLLMENT']]);
    expect(await rows()).toBe(before);
    const anonymous = await sendProof({}, { bytes: PDF, name: 'proof.pdf', type: 'application/pdf' });
    // Without a token a multipart body is refused before any resolver (a cross-site form could send one).
    expect(anonymous.status).toBe(415);
    expect(await rows()).toBe(before);
  });

  it('a learner sends a proof; only they and staff can read it back; an operator approves it and the student price applies', async () => {
    const sent = (await sendProof(auth.student!, { bytes: PDF, name: '../../enrollment letter.pdf', type: 'text/plain' })).payload!;
    expect(sent.errors).toEqual([]);
    const v = sent.verification!;
    expect([v.status, v.proofName, v.proofContentType, v.proofSize, v.decidedAt]).toEqual(['PENDING', 'enrollment letter.pdf', 'application/pdf', PDF.length, null]);
    const again = (await sendProof(auth.student!, { bytes: PDF, name: 'again.pdf', type: 'application/pdf' })).payload!;
    expect(again.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);

    const own = await getProof(v.proofUrl, auth.student);
    expect([own.statusCode, own.headers['content-type'], own.headers['x-content-type-options']]).toEqual([200, 'application/pdf', 'nosniff']);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.compare(own.rawPayload, PDF)).toBe(0);
    expect((await getProof(v.proofUrl, staffAuth.operator)).statusCode).toBe(200);
    // Staff rights come with the console's token only: the operator's store token is nobody's but their own.
    expect((await getProof(v.proofUrl, auth.operator)).statusCode).toBe(404);
    expect((await getProof(v.proofUrl, staffAuth.member)).statusCode).toBe(404);
    expect((await getProof(v.proofUrl, auth.vet)).statusCode).toBe(404);
    expect((await getProof(v.proofUrl)).statusCode).toBe(401);
    expect((await getProof('/learner-proofs/00000000-0000-4000-8000-000000000000', staffAuth.operator)).statusCode).toBe(404);

    // Before the decision, no student price.
    expect((await studentCheckout()).checkout.discountAmount.fractionalAmount).toBe(0);

    const id = await pendingIdOf(student!.email);
    expect(v.proofUrl).toBe(`/learner-proofs/${id}`);
    // The console's API takes only console tokens, and only from staff who may decide.
    expect(denied(await adminGql(t, '{ learnerVerifications(status: "PENDING") { email } }', {}, staffAuth.member))).toBe(true);
    expect(denied(await adminGql(t, '{ learnerVerifications(status: "PENDING") { email } }', {}, auth.operator))).toBe(true);
    expect(denied(await decide('member', { id, approve: true }))).toBe(true);
    const noReason = (await decide('operator', { id, approve: false })).data!.learnerVerificationDecide;
    expect(noReason.errors.map((e) => [e.field, e.code])).toEqual([['note', 'REQUIRED']]);

    const approved = (await decide('operator', { id, approve: true })).data!.learnerVerificationDecide;
    expect(approved.errors).toEqual([]);
    expect(approved.verification!.status).toBe('APPROVED');
    const [row] = await t.database.db.select().from(schema.learnerVerifications).where(eq(schema.learnerVerifications.status, 'APPROVED'));
    expect(row!.decidedBy).toBe(operator!.id);
    expect(Math.abs(row!.decidedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.round((row!.validUntil!.getTime() - row!.decidedAt!.getTime()) / 86_400_000)).toBe(365);
    const twice = (await decide('operator', { id, approve: false, note: 'changed my mind' })).data!.learnerVerificationDecide;
    expect(twice.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);

    // The student price: 20 % off the IQ3 for the verified learner, gone when a code is entered instead.
    const priced = await studentCheckout();
    const plain = await readyCheckout(t, { country: 'GB', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }], address: { firstName: 'A', lastName: 'B', streetAddress1: '1 Park Row', city: 'Leeds', postalCode: 'LS1 5HD', country: 'GB', phone: '+44 113 496 0000' } });
    expect(priced.checkout.discountAmount.fractionalAmount).toBe(Math.round(plain.checkout.subtotalPrice.gross.fractionalAmount * 0.2));
    expect(priced.total).toBeLessThan(plain.total);
    const withCode = await studentCheckout('SPRING10');
    expect(withCode.checkout.discountAmount.fractionalAmount).toBe(Math.round(plain.checkout.subtotalPrice.gross.fractionalAmount * 0.1));
    const placed = (await t.gql<PlaceAnswer>(PLACE, { token: priced.token, key: `learner-${priced.token}`, total: priced.total, card: CARD_OK }, auth.student)).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);
    expect(placed.order!.total.gross.fractionalAmount).toBe(priced.total);
  });

  it('a rejected proof says why, and the learner may send another', async () => {
    const sent = (await sendProof(auth.vet!, { bytes: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ffbf1e000502027f7c5d8b0e0000000049454e44ae426082', 'hex'), name: 'card.png', type: 'image/png' }, { market: 'VETERINARY', traineeType: 'OTHER_TRAINEE' })).payload!;
    expect(sent.verification!.proofContentType).toBe('image/png');
    const rejected = (await decide('operator', { id: await pendingIdOf(vet!.email), approve: false, note: 'The card has expired' })).data!.learnerVerificationDecide;
    expect([rejected.verification!.status, rejected.verification!.decisionNote]).toEqual(['REJECTED', 'The card has expired']);
    const me = await t.gql<{ me: { learnerVerification: Verification } }>('{ me { learnerVerification(market: VETERINARY) { status decisionNote } } }', {}, auth.vet);
    expect(me.body.data!.me.learnerVerification).toEqual({ status: 'REJECTED', decisionNote: 'The card has expired' });
    const resent = (await sendProof(auth.vet!, { bytes: PDF, name: 'new.pdf', type: 'application/pdf' }, { market: 'VETERINARY' })).payload!;
    expect(resent.verification!.status).toBe('PENDING');
  });
});
