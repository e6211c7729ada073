import { currentToken, signIn } from './auth.ts';

/** The server refused the operation for this role (or the sign-in is gone). */
export class PermissionDenied extends Error {}

/** An error the server gave: its message and the id its log line carries. */
export class ApiError extends Error {
  constructor(message: string, readonly errorId: string | null) {
    super(message);
  }
}

/** An answer with no error of the server's to show: the console says what failed in its own words, with the HTTP status. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly what: 'api' | 'download') {
    super(`${what} answered ${status}`);
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
  if (error) throw new ApiError(error.message, error.extensions?.errorId ?? null);
  if (!body.data) throw new HttpError(res.status, 'api');
  return body.data;
}

/** A file the API serves only with the console token (a learner's proof), handed to the browser as a download. */
export async function download(url: string, name: string): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `JWT ${currentToken() ?? ''}` } });
  if (!res.ok) throw new HttpError(res.status, 'download');
  const href = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
