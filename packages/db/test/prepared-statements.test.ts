import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PREPARED, PREPARE_AT_USE, prepareFrequentStatements, preparedStatements } from '../src/prepared-statements.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** What PostgreSQL holds prepared for this connection (its own view of it, not the driver's). */
const preparedOn = async (client: pg.Client) => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe.skipIf(!ADMIN_URL)('frequent statements are prepared once per connection (PostgreSQL)', () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
  });
  afterEach(() => client.end());

  it(`prepares a statement with parameters at its use number ${PREPARE_AT_USE}, then reuses it with each use's values`, async () => {
    prepareFrequentStatements(client, preparedStatements());
    const text = 'select $1::int + 1 as next';
    const answers: number[] = [];
    for (let i = 0; i < PREPARE_AT_USE - 1; i++) answers.push((await client.query(text, [i])).rows[0].next);
    expect(await preparedOn(client)).toEqual([]);
    for (let i = PREPARE_AT_USE - 1; i < PREPARE_AT_USE + 3; i++) answers.push((await client.query({ text }, [i])).rows[0].next);
    expect(await preparedOn(client)).toEqual([text]);
    expect(answers).toEqual(Array.from({ length: PREPARE_AT_USE + 3 }, (_, i) => i + 1));
  });

  it('leaves statements without parameters (transaction control, migrations) as simple queries', async () => {
    prepareFrequentStatements(client, preparedStatements());
    for (let i = 0; i < PREPARE_AT_USE + 2; i++) await client.query('select 1');
    expect(await preparedOn(client)).toEqual([]);
  });

  it(`prepares at most ${MAX_PREPARED} statements; the others still run, unprepared`, async () => {
    prepareFrequentStatements(client, preparedStatements());
    const texts = Array.from({ length: MAX_PREPARED + 20 }, (_, i) => `select $1::int + ${i} as n`);
    for (const text of texts) for (let use = 0; use < PREPARE_AT_USE; use++) expect((await client.query(text, [1])).rows[0].n).toBe(1 + texts.indexOf(text));
    expect(await preparedOn(client)).toHaveLength(MAX_PREPARED);
  });

  it('a connection opened later prepares the same statements under the same names', async () => {
    const registry = preparedStatements();
    prepareFrequentStatements(client, registry);
    const text = 'select $1::text as word';
    for (let i = 0; i < PREPARE_AT_USE; i++) await client.query(text, ['a']);
    const second = new pg.Client({ connectionString: ADMIN_URL });
    await second.connect();
    try {
      prepareFrequentStatements(second, registry);
      expect((await second.query(text, ['b'])).rows[0].word).toBe('b');
      expect(await preparedOn(second)).toEqual([text]);
    } finally {
      await second.end();
    }
  });
});
