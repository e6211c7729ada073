import { openTestDatabase } from '@probe/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`GraphQL errors (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const loggedWith = (errorId: string) => t.logs().filter((line) => line.errorId === errorId);

  it('a syntax error is a GraphQL error (400, whatever the Accept header) with an exception code and a logged errorId', async () => {
    const strict = await t.gql('{ shop { ', undefined, { accept: 'application/graphql-response+json' });
    expect(strict.status).toBe(400);
    const res = await t.gql('{ shop { ');
    // A document refused before execution is a 400 for application/json too (not GraphQL over HTTP's
    // suggested 200): an attack over the limits must look like one to proxies and counters (W2b).
    expect(res.status).toBe(400);
    const error = res.body.errors![0]!;
    expect(error.extensions?.exception?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(error.extensions?.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(loggedWith(error.extensions!.errorId!)).toHaveLength(1);
  });

  it('an unknown enum value is a GraphQL error, never a 500', async () => {
    const res = await t.gql('query($l: LanguageCodeEnum) { shop { countries(languageCode: $l) { code } } }', { l: 'KLINGON' });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors![0]!.message).toContain('KLINGON');
    expect(res.body.errors![0]!.extensions?.errorId).toBeTruthy();
    const inline = await t.gql('{ shop { countries(languageCode: KLINGON) { code } } }');
    expect(inline.status).toBeLessThan(500);
    expect(inline.body.errors![0]!.extensions?.exception?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('malformed JSON and a body over the limit are refused with 4xx', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": "{ shop {' });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ shop { maintenanceMode } }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('an unexpected failure is masked: a generic message, no SQL or stack, and the errorId leads to the cause in the log', async () => {
    const broken = await startTestApp({ database: await openTestDatabase() });
    await broken.database.close();
    try {
      const res = await broken.gql('query MaintenanceQuery { shop { maintenanceMode } }');
      expect(res.status).toBeLessThan(500);
      const error = res.body.errors![0]!;
      expect(error.message).toBe('Internal server error');
      expect(error.extensions?.exception?.code).toBe('InternalServerError');
      const body = JSON.stringify(res.body);
      expect(body).not.toMatch(/select|shop_settings|stack|at .*\.ts/i);
      const logged = broken.logs().filter((l) => l.errorId === error.extensions!.errorId);
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toMatch(/err/);
    } finally {
      await broken.app.close();
    }
  });
});

// The query limits (depth, aliases, tokens, batches, body size): reliability/tests/w2-graphql-limits.test.ts.
