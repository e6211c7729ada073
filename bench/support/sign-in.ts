import { createHash, randomBytes } from 'node:crypto';

/** A client with a cookie jar that follows nothing by itself (every hop is one measured request). */
export class Client {
  private readonly jar = new Map<string, string>();
  constructor(private readonly origin: string) {}
  async send(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(new URL(path, this.origin), { method, headers, redirect: 'manual', ...(form ? { body: new URLSearchParams(form).toString() } : {}) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.jar.set(name!, value.join('='));
    }
    await res.arrayBuffer();
    return res;
  }
}

export interface SignInOptions {
  email: string;
  password: string;
  /** The store's client (`probe-store`, back to /auth/callback) or the console's (`probe-admin`, /admin/callback). */
  client?: 'probe-store' | 'probe-admin';
}

/** One whole sign-in (authorize, sign-in page, credentials, consent redirects, token exchange); the access token. */
export async function signIn(origin: string, { email, password, client: clientId = 'probe-store' }: SignInOptions): Promise<string> {
  const client = new Client(origin);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${origin}${clientId === 'probe-admin' ? '/admin/callback' : '/auth/callback'}`;
  // The console's client signs in at the console's provider (/oidc/staff), the store's at /oidc.
  const provider = clientId === 'probe-admin' ? '/oidc/staff' : '/oidc';
  const authorize = `${provider}/auth?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, scope: 'openid email profile', state: randomBytes(16).toString('base64url'), code_challenge: challenge, code_challenge_method: 'S256' })}`;
  const page = (await client.send('GET', authorize)).headers.get('location')!;
  let next = (await client.send('POST', `${new URL(page, origin).pathname}/login`, { email, password })).headers.get('location')!;
  for (let hops = 0; hops < 5 && next && !next.startsWith(redirectUri); hops++) next = (await client.send('GET', next)).headers.get('location')!;
  const code = next ? new URL(next).searchParams.get('code') : null;
  if (!code) throw new Error(`no code in ${next}`);
  const res = await fetch(`${origin}${provider}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token exchange answered ${res.status}`);
  return body.access_token;
}
