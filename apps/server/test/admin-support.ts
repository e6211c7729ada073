import { DEMO_USERS, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { startTestApp, type TestApp } from './harness.ts';

/** A token for a user, as the built-in provider signs it: for the store's API (`probe-store`) or the console's (`probe-admin`). */
export async function tokenFor(key: CryptoKey, user: { id: string; email: string }, audience: 'probe-store' | 'probe-admin' = 'probe-store'): Promise<Record<string, string>> {
  const jwt = await new SignJWT({ email: user.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience(audience)
    .setSubject(user.id).setIssuedAt().setExpirationTime('5m').sign(key);
  return { authorization: `JWT ${jwt}` };
}

export interface AdminAnswer<T> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { exception?: { code?: string } } }>;
}

/** The console's API (/admin/graphql), through the real app. */
export async function adminGql<T>(t: TestApp, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<AdminAnswer<T>> {
  const res = await t.app.inject({
    method: 'POST', url: '/admin/graphql', payload: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
  });
  return { status: res.statusCode, ...(res.json() as { data?: T; errors?: AdminAnswer<T>['errors'] }) };
}

export const denied = (answer: AdminAnswer<unknown>) => answer.errors?.[0]?.extensions?.exception?.code === 'PermissionDenied';

type Person = { id: string; email: string };
type StaffRole = NonNullable<typeof schema.users.$inferSelect.staffRole>;

/**
 * The real app trusting tokens signed by a key of its own, with the given users made staff in the given roles
 * (the demo operator is the owner already); `sign` makes a user's token for the console (or, with
 * `probe-store`, for the store).
 */
export async function startStaffApp(
  staff: Array<[Person, StaffRole]>,
  options: Omit<NonNullable<Parameters<typeof startTestApp>[0]>, 'config'> = {},
): Promise<{ t: TestApp; sign: (user: Person, audience?: 'probe-store' | 'probe-admin') => Promise<Record<string, string>> }> {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const t = await startTestApp({ ...options, config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  for (const [user, role] of staff) await t.database.db.update(schema.users).set({ staffRole: role }).where(eq(schema.users.id, user.id));
  return { t, sign: (user, audience = 'probe-admin') => tokenFor(pair.privateKey, user, audience) };
}

/**
 * The app with one demo user in each console role, signed in for the console: the owner (the demo operator),
 * support, a catalogue manager and an order manager; `sign` for anyone else (a buyer).
 */
export async function startAppWithEveryRole(): Promise<{ t: TestApp; as: Record<'owner' | 'support' | 'catalogue' | 'orders', Record<string, string>>; sign: (user: Person, audience?: 'probe-store' | 'probe-admin') => Promise<Record<string, string>> }> {
  const [, admin, member, vet, , , operator] = DEMO_USERS;
  const app = await startStaffApp([[member!, 'SUPPORT'], [vet!, 'CATALOGUE_MANAGER'], [admin!, 'ORDER_MANAGER']]);
  const as = { owner: await app.sign(operator!), support: await app.sign(member!), catalogue: await app.sign(vet!), orders: await app.sign(admin!) };
  return { ...app, as };
}
