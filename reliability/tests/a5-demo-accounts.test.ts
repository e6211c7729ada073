import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DEMO_PASSWORD, DEMO_USERS } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../apps/server/test/built-server.ts';
import { recordScenario } from '../support/report.ts';
import { createDatabase, count } from '../support/postgres.ts';
import { killStarted, ROOT, startBuiltServer, type ServerProc } from '../support/processes.ts';

const run = promisify(execFile);
const OWNER = 'olga.owner@store.example';
const OWNER_PASSWORD = 'harbour lanterns drift past seven quiet piers';

/** A browser over HTTP: its cookies, redirects followed by hand. */
class HttpBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(path: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(new URL(path, this.base), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (value.join('=')) this.cookies.set(name!.trim(), value.join('='));
      else this.cookies.delete(name!.trim());
    }
    return res;
  }

  /** Signs in as the client would: 'signed-in' with the authorization code, or the sign-in page's status. */
  async signIn(email: string, password: string, client: 'probe-store' | 'probe-admin' = 'probe-store'): Promise<{ status: number; code?: string; verifier: string; redirectUri: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${this.base}${client === 'probe-admin' ? '/admin/callback' : '/auth/callback'}`;
    const params = new URLSearchParams({
      client_id: client, response_type: 'code', redirect_uri: redirectUri, scope: 'openid email profile', state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    });
    // The console's client signs in at the console's provider (/oidc/staff, decision 0044).
    const start = await this.request(`${client === 'probe-admin' ? '/oidc/staff' : '/oidc'}/auth?${params}`);
    const signInPath = new URL(start.headers.get('location')!, this.base).pathname;
    let res = await this.request(`${signInPath}/login`, { email, password });
    if (res.status !== 303) return { status: res.status, verifier, redirectUri };
    for (let hops = 0; hops < 5; hops++) {
      const next = new URL(res.headers.get('location')!, this.base);
      if (next.href.startsWith(redirectUri)) return { status: 303, code: next.searchParams.get('code')!, verifier, redirectUri };
      res = await this.request(next.pathname + next.search);
    }
    throw new Error('no redirect back to the client');
  }
}

/**
 * A5: demo accounts with published passwords must not exist in a real deployment. The built server on a
 * new PostgreSQL database without DEMO_DATA: none of the demo e-mails signs in, no demo user, organization
 * or staff role exists. `npm run staff:create-owner` makes an owner who sets a password with its one-use link
 * and signs in to the console (role OWNER). With DEMO_DATA=true the demo accounts are there; started without
 * it again, they are retired (their published password refused, no console role).
 */
describe('A5 no demo accounts in a deployment (PostgreSQL, built server)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  beforeAll(async () => {
    ensureBuilt();
    db = await createDatabase('a5');
  }, 300_000);
  afterAll(async () => {
    await killStarted();
    await db?.drop();
  });

  const demoSignIns = async (server: ServerProc) => {
    const statuses: number[] = [];
    for (const user of DEMO_USERS) statuses.push((await new HttpBrowser(server.url).signIn(user.email, DEMO_PASSWORD)).status);
    return statuses;
  };
  const stop = async (server: ServerProc) => {
    server.kill('SIGTERM');
    await server.exited();
  };
  const demoIds = DEMO_USERS.map((u) => `'${u.id}'`).join(',');

  it('starts with no demo account, makes the first owner by command, and retires demo accounts when DEMO_DATA goes off', async () => {
    // A deployment: DATABASE_URL, no DEMO_DATA (an empty variable is unset).
    let server = await startBuiltServer({ DATABASE_URL: db.url, DEMO_DATA: '', JOBS_IN_PROCESS: 'false' });
    const fresh = await demoSignIns(server);
    expect(fresh).toEqual(DEMO_USERS.map(() => 401));
    expect(await count(db.url, `select count(*) as n from users where id in (${demoIds})`)).toBe(0);
    expect(await count(db.url, `select count(*) as n from identity_users where id in (${demoIds})`)).toBe(0);
    expect(await count(db.url, 'select count(*) as n from organizations')).toBe(0);
    expect(await count(db.url, 'select count(*) as n from products')).toBeGreaterThan(0);

    // The first owner, by command, beside the running server: a one-use link sets the password.
    const created = await run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/create-owner.ts', '--email', OWNER, '--name', 'Olga Owner'], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url, PUBLIC_URL: server.url, LOG_LEVEL: 'warn' },
    });
    const link = /https?:\/\/\S+\/oidc\/account\/reset\?\S+/.exec(created.stdout)?.[0];
    expect(link, created.stdout).toBeTruthy();
    const browser = new HttpBrowser(server.url);
    expect((await browser.request(link!)).status).toBe(200);
    const token = new URL(link!).searchParams.get('token')!;
    expect((await browser.request('/oidc/account/reset', { token, lang: 'en', password: OWNER_PASSWORD })).status).toBe(200);
    expect((await browser.request('/oidc/account/reset', { token, lang: 'en', password: 'another harbour lantern story' })).status).toBe(400);

    // The owner signs in to the console: a console token, role OWNER.
    const console_ = await new HttpBrowser(server.url).signIn(OWNER, OWNER_PASSWORD, 'probe-admin');
    expect(console_.status).toBe(303);
    const tokenRes = await fetch(`${server.url}/oidc/staff/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: console_.code!, code_verifier: console_.verifier, redirect_uri: console_.redirectUri, client_id: 'probe-admin' }).toString(),
    });
    const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
    const me = await fetch(`${server.url}/admin/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `JWT ${accessToken}` },
      body: JSON.stringify({ query: '{ me { email role } }' }),
    });
    const meBody = (await me.json()) as { data?: { me: { email: string; role: string } } };
    expect(meBody.data?.me).toEqual({ email: OWNER, role: 'OWNER' });
    await stop(server);

    // The demo, asked for: the demo accounts sign in.
    server = await startBuiltServer({ DATABASE_URL: db.url, DEMO_DATA: 'true', JOBS_IN_PROCESS: 'false' });
    const demo = await demoSignIns(server);
    expect(demo).toEqual(DEMO_USERS.map(() => 303));
    await stop(server);

    // Off again: the accounts it made are retired, and no demo user keeps a console role.
    server = await startBuiltServer({ DATABASE_URL: db.url, DEMO_DATA: '', JOBS_IN_PROCESS: 'false' });
    const retired = await demoSignIns(server);
    expect(retired).toEqual(DEMO_USERS.map(() => 401));
    expect(await count(db.url, `select count(*) as n from users where id in (${demoIds}) and staff_role is not null`)).toBe(0);
    expect(await new HttpBrowser(server.url).signIn(OWNER, OWNER_PASSWORD, 'probe-admin')).toMatchObject({ status: 303 });
    await stop(server);

    recordScenario({
      id: 'A5',
      done: `built server on a new PostgreSQL database without DEMO_DATA, then npm run staff:create-owner, then restarted with DEMO_DATA=true and without it again; the ${DEMO_USERS.length} demo e-mails tried with the published password each time`,
      figure: `without DEMO_DATA: ${fresh.filter((s) => s === 303).length}/${DEMO_USERS.length} demo sign-ins, 0 demo users, 0 organizations; owner made by command signed in to the console (role OWNER); DEMO_DATA=true: ${demo.filter((s) => s === 303).length}/${DEMO_USERS.length}; off again: ${retired.filter((s) => s === 303).length}/${DEMO_USERS.length}, 0 demo staff roles`,
      pass: true,
    });
  }, 300_000);
});
