import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printContract } from '../src/graphql/schema.ts';

describe('GraphQL contract', () => {
  it('schema.graphql is the schema the server serves (run `npm run schema:print` after a change)', () => {
    expect(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8')).toBe(printContract());
  });
});
