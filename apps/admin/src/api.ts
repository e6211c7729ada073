import { currentToken, signIn } from './auth.ts';

/** The server refused the operation for this role (or the sign-in is gone). */
export class PermissionDenied extends Error {}

/** An error the server gave: its message and the id its log line carries. */
export class ApiError extends Error {
  constructor(message: string, readonly errorId: string | null) {
    super(message);
  }
}

/** One operation against the console's API (/admin/graphql) with the console token; no token sends the operator to sign in. */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = currentToken();
  if (!token) {
    await signIn(location.pathname.replace(/^\/admin/, '') + location.search);
    return new Promise<T>(() => {});
  }
  const res = await fetch('/admin/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { errorId?: string; exception?: { code?: string } } }> };
  const error = body.errors?.[0];
  if (error?.extensions?.exception?.code === 'PermissionDenied') throw new PermissionDenied(error.message);
  if (error || !body.data) throw new ApiError(error?.message ?? `The console's API answered ${res.status}`, error?.extensions?.errorId ?? null);
  return body.data;
}

/** A file the API serves only with the console token (a learner's proof), handed to the browser as a download. */
export async function download(url: string, name: string): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `JWT ${currentToken() ?? ''}` } });
  if (!res.ok) throw new ApiError(`The file could not be downloaded (${res.status})`, null);
  const href = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Amounts are integer minor units; every store currency has two decimals. */
export const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

export const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC' : '—');
