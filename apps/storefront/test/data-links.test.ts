import { ApolloClient, ApolloLink, InMemoryCache, execute, gql } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Observable, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authLink } from '../src/data/auth-link.ts';
import { DEFAULT_OPTIONS } from '../src/data/default-options.ts';
import { errorLink } from '../src/data/error-link.ts';
import { MISSING_RESPONSE, missingResponseLink } from '../src/data/http-link.ts';
import { multipartBody } from '../src/data/multipart-link.ts';
import { mayRetryMutation } from '../src/data/operations.ts';
import { RETRY, retryDelay, retryLink } from '../src/data/retry-link.ts';
import { GRAPHQL_AUTH_ERROR_EVENT, GRAPHQL_ERROR_EVENT } from '../src/lib/events.ts';
import { errorCounts } from '../src/monitoring/reporter.ts';
import { STORAGE_KEYS } from '../src/session/storage-keys.ts';

const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty(), defaultOptions: DEFAULT_OPTIONS });
const QUERY = gql`query Shop { shop { storeType } }`;
const ADD = gql`mutation CheckoutLinesAdd($token: ID!, $expectedVersion: Int) { checkoutLinesAdd(token: $token, expectedVersion: $expectedVersion) { errors { code } } }`;
const USER = gql`query UserQuery { me { id } }`;

/** A terminating link that records each request and answers with the given results in turn. */
function terminal(results: Array<() => ApolloLink.Result | Error>) {
  const seen: Array<{ headers: Record<string, string> }> = [];
  const link = new ApolloLink((operation) => new Observable((observer) => {
    seen.push({ headers: (operation.getContext().headers ?? {}) as Record<string, string> });
    const next = (results[seen.length - 1] ?? results.at(-1)!)();
    if (next instanceof Error) observer.error(next);
    else { observer.next(next); observer.complete(); }
  }));
  return { link, seen };
}

const run = (link: ApolloLink, query = QUERY, variables: Record<string, unknown> = {}) =>
  lastValueFrom(execute(link, { query, variables }, { client }).pipe(toArray()));

describe('retries (spec §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1 s between attempts online and 10 s offline', () => {
    expect(retryDelay(true)).toBe(1000);
    expect(retryDelay(false)).toBe(10_000);
  });

  it('tries a query up to 6 times, 1 s apart, then gives up', async () => {
    const { link, seen } = terminal([() => new TypeError('Failed to fetch')]);
    const done = run(ApolloLink.from([retryLink(() => true), link])).catch((e: Error) => e);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(999);
      expect(seen).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(seen).toHaveLength(RETRY.attempts);
    expect(await done).toBeInstanceOf(TypeError);
  });

  it('recovers when the network comes back, waiting 10 s while offline', async () => {
    const { link, seen } = terminal([() => new TypeError('Failed to fetch'), () => ({ data: { shop: { storeType: 'IQ' } } })]);
    const done = run(ApolloLink.from([retryLink(() => false), link]));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toEqual([{ data: { shop: { storeType: 'IQ' } } }]);
  });

  it('sends a mutation once unless it carries what makes a replay safe', async () => {
    const failing = () => terminal([() => new TypeError('Failed to fetch'), () => ({ data: { checkoutLinesAdd: { errors: [] } } })]);
    const once = failing();
    await expect(run(ApolloLink.from([retryLink(() => true), once.link]), ADD, { token: 't' })).rejects.toThrow('Failed to fetch');
    expect(once.seen).toHaveLength(1);
    const versioned = failing();
    const done = run(ApolloLink.from([retryLink(() => true), versioned.link]), ADD, { token: 't', expectedVersion: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(versioned.seen).toHaveLength(2);
    expect(mayRetryMutation('CheckoutPlaceOrder', {})).toBe(false);
    expect(mayRetryMutation('CheckoutPlaceOrder', { idempotencyKey: 'k' })).toBe(true);
    expect(mayRetryMutation('SomethingElse', { idempotencyKey: 'k' })).toBe(false);
  });

  it('never retries a GraphQL error: it is an answer', async () => {
    const { link, seen } = terminal([() => new CombinedGraphQLErrors({ errors: [{ message: 'no' }] })]);
    await expect(run(ApolloLink.from([retryLink(() => true), link]))).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});

describe('Authorization header (spec §7)', () => {
  beforeEach(() => localStorage.clear());
  const token = (over: object = {}) =>
    localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify({ token: 'tok', tokenType: 'bearer', expiresIn: null, createdAtSeconds: 0, ...over }));

  it('is sent only for the listed operations, and only with a valid token', async () => {
    token();
    const listed = terminal([() => ({ data: { me: null } })]);
    await run(ApolloLink.from([authLink(() => {}), listed.link]), USER);
    expect(listed.seen[0]!.headers.authorization).toBe('JWT tok');
    const other = terminal([() => ({ data: { shop: { storeType: 'IQ' } } })]);
    await run(ApolloLink.from([authLink(() => {}), other.link]), QUERY);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('is never sent empty or as "JWT null"', async () => {
    for (const setup of [() => {}, () => token({ token: null }), () => token({ token: '' }), () => token({ expiresIn: 1, createdAtSeconds: 0 })]) {
      localStorage.clear();
      setup();
      const t = terminal([() => ({ data: { me: null } })]);
      await run(ApolloLink.from([authLink(() => {}), t.link]), USER);
      expect(t.seen[0]!.headers.authorization).toBeUndefined();
    }
  });
});

describe('errors (spec §7, §8)', () => {
  it('a PermissionDenied error clears auth, logs out and announces an authentication error', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, '{"token":"t"}');
    const logout = vi.fn();
    const reporter = { report: vi.fn(() => 'id') };
    const events: string[] = [];
    window.addEventListener(GRAPHQL_AUTH_ERROR_EVENT, () => events.push('auth'));
    const before = errorCounts.auth;
    const { link } = terminal([() => ({ errors: [{ message: 'denied', extensions: { exception: { code: 'PermissionDenied' } } }] })]);
    await run(ApolloLink.from([errorLink(reporter, logout), link])).catch(() => {});
    expect(logout).toHaveBeenCalledOnce();
    expect(reporter.report).not.toHaveBeenCalled();
    expect(errorCounts.auth).toBe(before + 1);
    expect(events).toEqual(['auth']);
  });

  it('other GraphQL errors are counted and announced with the server error id; network errors are reported', async () => {
    const reporter = { report: vi.fn(() => 'client-id') };
    const details: unknown[] = [];
    window.addEventListener(GRAPHQL_ERROR_EVENT, (e) => details.push((e as CustomEvent).detail));
    const before = errorCounts.other;
    const graphql = terminal([() => ({ errors: [{ message: 'boom', extensions: { errorId: 'server-id' } }] })]);
    await run(ApolloLink.from([errorLink(reporter, () => {}), graphql.link])).catch(() => {});
    expect(details).toContainEqual({ message: 'boom', errorId: 'server-id' });
    const network = terminal([() => new TypeError('Failed to fetch')]);
    await run(ApolloLink.from([errorLink(reporter, () => {}), network.link])).catch(() => {});
    expect(reporter.report).toHaveBeenCalledWith(expect.any(TypeError), { operation: 'Shop' });
    expect(errorCounts.other).toBe(before + 2);
  });

  it('the GraphQL errors of an optional operation (an extra such as a promo banner) are counted and reported, not announced as global', async () => {
    const reporter = { report: vi.fn(() => 'client-id') };
    const details: unknown[] = [];
    const listener = (e: Event) => details.push((e as CustomEvent).detail);
    window.addEventListener(GRAPHQL_ERROR_EVENT, listener);
    const before = errorCounts.other;
    const { link } = terminal([() => ({ errors: [{ message: 'promos unavailable' }] })]);
    await lastValueFrom(execute(ApolloLink.from([errorLink(reporter, () => {}), link]), { query: QUERY, context: { optional: true } }, { client }).pipe(toArray())).catch(() => {});
    window.removeEventListener(GRAPHQL_ERROR_EVENT, listener);
    expect(details).toEqual([]);
    expect(reporter.report).toHaveBeenCalledWith(new Error('promos unavailable'), { operation: 'Shop' });
    expect(errorCounts.other).toBe(before + 1);
  });

  it("a response with neither data nor errors fails with 'Server response was missing for query'", async () => {
    const { link } = terminal([() => ({}) as ApolloLink.Result]);
    await expect(firstValueFrom(execute(ApolloLink.from([missingResponseLink, link]), { query: QUERY }, { client }))).rejects.toThrow(`${MISSING_RESPONSE} Shop`);
  });
});

describe('multipart requests (spec §7)', () => {
  it('uses the GraphQL multipart request format when files are present, and JSON otherwise', async () => {
    const file = new File(['%PDF'], 'enrollment.pdf', { type: 'application/pdf' });
    const body = multipartBody('Upload', 'mutation Upload($file: Upload!) { upload(file: $file) }', { input: { proof: file, note: 'x' } })!;
    expect(JSON.parse(body.get('operations') as string)).toEqual({
      operationName: 'Upload', query: 'mutation Upload($file: Upload!) { upload(file: $file) }', variables: { input: { proof: null, note: 'x' } },
    });
    expect(JSON.parse(body.get('map') as string)).toEqual({ 0: ['variables.input.proof'] });
    expect((body.get('0') as File).name).toBe('enrollment.pdf');
    expect(multipartBody('Shop', 'query Shop { x }', { a: 1 })).toBeNull();
  });
});

describe('transport messages and reporters (spec §8)', () => {
  it("a status of 300 or more fails with 'Response not successful: Received status code {n}'", async () => {
    const { httpLink } = await import('../src/data/http-link.ts');
    const fetch503 = (() => Promise.resolve(new Response('busy', { status: 503, headers: { 'content-type': 'text/plain' } }))) as typeof fetch;
    await expect(firstValueFrom(execute(httpLink(fetch503), { query: QUERY }, { client }))).rejects.toThrow('Response not successful: Received status code 503');
  });

  it('the default reporter posts the report with its id to the store; a DSN sends a Sentry envelope', async () => {
    const { serverReporter, sentryReporter } = await import('../src/monitoring/reporter.ts');
    const sent: Array<[string, RequestInit]> = [];
    const send = ((url: string, init: RequestInit) => { sent.push([url, init]); return Promise.resolve(new Response(null, { status: 202 })); }) as typeof fetch;
    const id = serverReporter('/client-errors', send).report(new TypeError('boom'), { operation: 'Shop' });
    expect(sent[0]![0]).toBe('/client-errors');
    expect(JSON.parse(sent[0]![1].body as string)).toMatchObject({ errorId: id, type: 'TypeError', message: 'boom', context: { operation: 'Shop' } });
    const eventId = sentryReporter('https://pub123@errors.example.com/42', send).report(new Error('x'));
    expect(sent[1]![0]).toBe('https://errors.example.com/api/42/envelope/?sentry_key=pub123&sentry_version=7');
    const [header, itemHeader, event] = (sent[1]![1].body as string).split('\n').map((line) => JSON.parse(line));
    expect(header.event_id).toBe(eventId);
    expect(itemHeader).toEqual({ type: 'event' });
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'x' });
  });
});
