import { InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { cacheConfig } from '../src/data/cache-config.ts';
import { PROMO_BANNERS, SHOP } from '../src/data/shop-operations.ts';

const variables = { country: 'DE', languageCode: 'DE' } as const;
const shop = { shop: { __typename: 'Shop', storeType: 'IQ', catalogue: { __typename: 'Catalogue', currency: 'EUR', displayGrossPrices: true, isDevicePriced: true } } } as const;
const promos = {
  shop: {
    __typename: 'Shop',
    catalogue: {
      __typename: 'Catalogue',
      promos: [{ __typename: 'Promo', code: 'SPRING10', bannerMessage: 'Frühlingsangebot', bannerLink: '/pricing/', bannerColor: '#0b2545', bannerVisibilityPages: ['home'] }],
      banners: [{ __typename: 'Banner', content: 'Kostenloser Standardversand für jede Bestellung', url: '/supported-countries/', visibility: ['home', 'product'] }],
    },
  },
} as const;

describe('the cache of a catalogue (Shop.catalogue, no id)', () => {
  it('keeps the fields of every query that selects the same catalogue, in either order, and through the persisted state', () => {
    for (const order of [[SHOP, PROMO_BANNERS], [PROMO_BANNERS, SHOP]] as const) {
      const cache = new InMemoryCache(cacheConfig);
      for (const query of order) cache.writeQuery({ query: query as typeof SHOP, variables, data: (query === SHOP ? shop : promos) as never });
      expect(cache.readQuery({ query: SHOP, variables })).toEqual(shop);
      expect(cache.readQuery({ query: PROMO_BANNERS, variables })).toEqual(promos);
      // What the browser restores from local storage on its next start.
      const restored = new InMemoryCache(cacheConfig).restore(JSON.parse(JSON.stringify(cache.extract())));
      expect(restored.readQuery({ query: SHOP, variables })).toEqual(shop);
      expect(restored.readQuery({ query: PROMO_BANNERS, variables })).toEqual(promos);
    }
  });

  it('keeps catalogues of other arguments apart', () => {
    const cache = new InMemoryCache(cacheConfig);
    cache.writeQuery({ query: SHOP, variables, data: shop as never });
    expect(cache.readQuery({ query: SHOP, variables: { country: 'AT', languageCode: 'DE' } })).toBeNull();
    expect(cache.readQuery({ query: PROMO_BANNERS, variables })).toBeNull();
  });
});
