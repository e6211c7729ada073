import { InMemoryCache } from '@apollo/client';
import { Kind, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DocumentCache } from '../src/graphql/document-cache.ts';
import { canonicalText, loadStoreDocuments, storeOperations } from '../src/graphql/store-documents.ts';

const operations = [...storeOperations().values()];

describe('the storefront\'s documents are known; any other document is kept within a byte budget', () => {
  it('knows every storefront operation as Apollo sends it (with its __typename fields)', () => {
    const cache = new DocumentCache({ storeDocuments: loadStoreDocuments(), otherBytes: 1024 * 1024 });
    const apollo = new InMemoryCache();
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      const sent = print(apollo.transformDocument(parse(operation.text)));
      expect(sent, operation.name).toContain('__typename');
      expect(cache.isStoreDocument(parse(sent)), operation.name).toBe(true);
    }
  });

  it('does not take a variant of a store query (another alias, another field) for the store\'s', () => {
    const cache = new DocumentCache({ storeDocuments: loadStoreDocuments(), otherBytes: 1024 * 1024 });
    const shop = operations.find((o) => o.kind === 'query' && o.text.includes('shop'))!;
    const aliased = shop.text.replace(/\{\s*shop\s*\{/, '{ anAlias: shop {');
    expect(aliased).not.toBe(shop.text);
    expect(cache.isStoreDocument(parse(aliased))).toBe(false);
    expect(cache.isStoreDocument(parse('query Shop { shop { maintenanceMode } }'))).toBe(false);
  });

  it('keeps one instance of a store document per printed text, and at most three texts of it', () => {
    const operation = operations.find((o) => /fragment \w+ on[\s\S]*fragment \w+ on/.test(o.text))!;
    const cache = new DocumentCache({ storeDocuments: [canonicalText(parse(operation.text))], otherBytes: 1024 * 1024 });
    const first = parse(operation.text);
    expect(cache.isStoreDocument(first)).toBe(true);
    // The same text parsed again (as server rendering does each page), or spaced differently: the kept instance.
    for (const text of [operation.text, operation.text.replace(/\n/g, '\n\n  ')]) expect(cache.storeDocument(parse(text))).toBe(first);
    // Other texts of it (fragments reordered, __typename added) are kept up to three in all.
    const [head, ...fragments] = parse(operation.text).definitions;
    const variants = [
      print({ kind: Kind.DOCUMENT, definitions: [head!, ...fragments.reverse()] }),
      print(new InMemoryCache().transformDocument(parse(operation.text))),
      print(new InMemoryCache().transformDocument(parse(print({ kind: Kind.DOCUMENT, definitions: [head!, ...fragments.reverse()] })))),
    ];
    expect(variants.map((v) => cache.isStoreDocument(parse(v)))).toEqual([true, true, false]);
  });

  it('keeps other documents within its budget, however many distinct ones arrive', () => {
    const budget = 256 * 1024;
    const cache = new DocumentCache({ storeDocuments: [], otherBytes: budget });
    for (let i = 0; i < 2000; i++) {
      const text = `query Q${i} { a${i}: shop { maintenanceMode } b${i}: shop { storeType } }`;
      cache.documents.set(text, parse(text));
    }
    expect(cache.stats.otherBytes).toBeLessThanOrEqual(budget);
    expect(cache.stats.others).toBeGreaterThan(10);
    expect(cache.stats.others).toBeLessThan(2000);
    // The newest is still there; the oldest is gone.
    expect(cache.documents.get('query Q1999 { a1999: shop { maintenanceMode } b1999: shop { storeType } }')).toBeDefined();
    expect(cache.documents.get('query Q0 { a0: shop { maintenanceMode } b0: shop { storeType } }')).toBeUndefined();
  });
});
