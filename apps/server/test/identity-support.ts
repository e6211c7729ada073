import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { schema } from '@probe/db';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import { startTestApp, type TestApp } from './harness.ts';

export const PUBLIC_URL = 'http://127.0.0.1:3000';
export const ISSUER = `${PUBLIC_URL}/oidc`;
const HOST = new URL(PUBLIC_URL).host;
export const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;
export const CLIENT_ID = 'probe-store';

/** The app with the built-in provider, re-reading its keys on every use (so a rotation shows at once). */
export function startIdentityApp(options: { config?: Partial<Config>; now?: () => Date } = {}): Promise<TestApp> {
  return startTestApp({ ...options, config: { AUTH_KEYS_TTL_MS: 0, PUBLIC_URL, ...options.config } });
}

/** A browser's cookie jar over Fastify's inject: sends the cookies whose path fits, keeps what is set. */
export class Browser {
  readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(
    private readonly t: TestApp,
    private readonly remoteAddress = '203.0.113.10',
  ) {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, remoteAddress = this.remoteAddress): Promise<LightMyRequestResponse> {
    const target = new URL(url, PUBLIC_URL);
    const path = target.pathname + target.search;
    const cookie = [...this.cookies.entries()]
      .filter(([, c]) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const options: InjectOptions = { method, url: path, remoteAddress, headers: { host: HOST, ...(cookie ? { cookie } : {}) } };
    if (form) {
      options.headers = { ...options.headers, 'content-type': 'application/x-www-form-urlencoded' };
      options.payload = new URLSearchParams(form).toString();
    }
    const res = await this.t.app.inject(options);
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const attr = Object.fromEntries(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]));
      const expired = attr['max-age'] === '0' || (attr.expires && new Date(attr.expires).getTime() < Date.now()) || value === '';
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, { value, path: attr.path || '/' });
    }
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, form: Record<string, string>, remoteAddress?: string) {
    return this.request('POST', url, form, remoteAddress);
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(params: Record<string, string>): string {
  return `/oidc/auth?${new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid email profile', ...params })}`;
}

export function location(res: LightMyRequestResponse): string {
  const value = res.headers.location;
  if (typeof value !== 'string') throw new Error(`expected a redirect, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return value;
}

/** Starts an authorization request and follows it to the sign-in page; the page's path. */
export async function openSignIn(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const res = await browser.get(authorizeUrl({ state, code_challenge: challenge, code_challenge_method: 'S256', ...extra }));
  if (res.statusCode !== 303) throw new Error(`authorize answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const signInPath = new URL(location(res), PUBLIC_URL).pathname;
  return { verifier, state, signInPath };
}

/** Posts the credentials and follows the provider's redirects back to the client's redirect URI. */
export async function submitSignIn(browser: Browser, signInPath: string, email: string, password: string, remoteAddress?: string) {
  const res = await browser.post(`${signInPath}/login`, { email, password }, remoteAddress);
  if (res.statusCode !== 303) return { res, callback: null };
  let next = location(res);
  for (let hops = 0; hops < 5 && !next.startsWith(REDIRECT_URI); hops++) {
    const hop = await browser.get(next);
    next = location(hop);
  }
  return { res, callback: new URL(next) };
}

/** The whole sign-in: the authorization code, its state and the PKCE verifier. */
export async function signInForCode(browser: Browser, email: string, password: string) {
  const { verifier, state, signInPath } = await openSignIn(browser);
  const { callback, res } = await submitSignIn(browser, signInPath, email, password);
  if (!callback) throw new Error(`sign-in answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  return { code: callback.searchParams.get('code')!, returnedState: callback.searchParams.get('state'), state, verifier };
}

export async function exchangeCode(t: TestApp, code: string, verifier: string, redirectUri = REDIRECT_URI) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: CLIENT_ID }).toString(),
  });
  return { status: res.statusCode, body: res.json() as { access_token?: string; id_token?: string; expires_in?: number; token_type?: string; error?: string } };
}

/** The mail.send rows written so far, oldest first. */
export async function mails(t: TestApp) {
  const rows = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'mail.send')).orderBy(asc(schema.outbox.id));
  return rows.map((r) => r.payload as { to: string; locale: string; subject: string; text: string; html: string });
}

/** The link of the last message sent to an address, as a path on our origin. */
export async function lastLinkTo(t: TestApp, to: string): Promise<string> {
  const mail = (await mails(t)).filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error('no link in the mail');
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
