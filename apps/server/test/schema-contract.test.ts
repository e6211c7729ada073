import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { possibleTypes } from '../src/graphql/possible-types.ts';
import { printContract } from '../src/graphql/schema.ts';
import { printAdminContract } from '../src/admin-graphql/schema.ts';

describe('GraphQL contract', () => {
  it('schema.graphql is the schema the server serves (run `npm run schema:print` after a change)', () => {
    expect(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8')).toBe(printContract());
  });

  it('admin-schema.graphql is the schema the console\'s API serves', () => {
    expect(readFileSync(new URL('../admin-schema.graphql', import.meta.url), 'utf8')).toBe(printAdminContract());
  });

  it("the storefront's possibleTypes are generated from it, with the spec's two unions", () => {
    const committed = JSON.parse(readFileSync(new URL('../../storefront/src/graphql/possible-types.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(possibleTypes());
    expect(committed.SavedPaymentMethod).toEqual(['BankAccount', 'CreditCard', 'SEPADirectDebit']);
    expect(committed.TranslatableItem).toEqual(['Category', 'Product', 'ProductVariant']);
  });
});
