import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBasePathExempt, resolveBasePath, safeLocalPath, type BasePathInput } from '../src/markets/base-path.ts';
import { isStoreCountry, KNOWN_COUNTRIES, STORE_COUNTRIES } from '../src/markets/countries.ts';
import { LOCALE_ENTRIES } from '../src/markets/locales.ts';

const storePriced: BasePathInput['isPriced'] = (c) => isStoreCountry(c);
const resolve = (pathname: string, extra: Partial<BasePathInput> = {}) =>
  resolveBasePath({ pathname, isPriced: storePriced, ...extra });

describe('resolveBasePath', () => {
  it('accepts a known country and language', () => {
    expect(resolve('/de/de/cart/')).toEqual({ kind: 'ok', country: 'DE', language: 'de', rest: 'cart/' });
    expect(resolve('/us/en/')).toMatchObject({ kind: 'ok', country: 'US', language: 'en', rest: '' });
  });

  it('sends the site root and unprefixed paths to the geolocated country, keeping path, query and hash', () => {
    expect(resolve('/', { geoCountry: 'PL' })).toMatchObject({ kind: 'redirect', to: '/pl/pl/' });
    expect(resolve('/cart/', { search: '?voucherCode=X', hash: '#top', geoCountry: 'de' })).toMatchObject({
      kind: 'redirect', to: '/de/de/cart/?voucherCode=X#top', reason: 'no-prefix',
    });
    expect(resolve('/form/demo/')).toMatchObject({ to: '/us/en/form/demo/' });
    expect(resolve('/iq/bundle/')).toMatchObject({ to: '/us/en/iq/bundle/' });
  });

  it('uses the default country (the United States) when geolocation gives nothing or an unpriced country', () => {
    expect(resolve('/')).toMatchObject({ to: '/us/en/' });
    expect(resolve('/', { geoCountry: 'JP' })).toMatchObject({ to: '/us/en/' });
    expect(resolve('/', { geoCountry: 'MX' })).toMatchObject({ to: '/us/en/' });
  });

  it('replaces an unknown country or language with the geolocated country, keeping the sub-path', () => {
    expect(resolve('/zz/en/product/iq3/', { geoCountry: 'FR' })).toMatchObject({ to: '/fr/fr/product/iq3/', reason: 'invalid-prefix' });
    expect(resolve('/de/xx/cart/', { geoCountry: 'GB' })).toMatchObject({ to: '/gb/en/cart/' });
    expect(resolve('/de/xx/cart/')).toMatchObject({ to: '/us/en/cart/' });
  });

  it('completes a country without a language with its default language', () => {
    expect(resolve('/se')).toMatchObject({ to: '/se/sv/' });
    expect(resolve('/se/')).toMatchObject({ to: '/se/sv/' });
  });

  it('lower-cases a prefix typed in capitals', () => {
    expect(resolve('/DE/De/cart/')).toMatchObject({ to: '/de/de/cart/', reason: 'case' });
  });

  it('serves Belgium in French and Switzerland in German in English', () => {
    expect(resolve('/be/fr/cart/', { search: '?a=1' })).toMatchObject({ to: '/be/en/cart/?a=1', reason: 'language-override' });
    expect(resolve('/ch/de/')).toMatchObject({ to: '/ch/en/', reason: 'language-override' });
    expect(resolve('/ch/fr/')).toMatchObject({ kind: 'ok' });
    expect(resolve('/be/nl/')).toMatchObject({ kind: 'ok' });
  });

  it('sends a country without device pricing to the default country and names it for the stored flag', () => {
    expect(resolve('/mx/es/product/iq3/')).toEqual({
      kind: 'redirect', to: '/us/en/product/iq3/', reason: 'not-priced', unavailableCountry: 'MX',
    });
  });

  it("sends a signed-in user to their first organization's country", () => {
    expect(resolve('/de/de/cart/', { membershipCountry: 'AT' })).toMatchObject({ to: '/at/de/cart/', reason: 'membership' });
    expect(resolve('/at/en/', { membershipCountry: 'at' })).toMatchObject({ kind: 'ok' });
  });

  it('never redirects in a loop: the target of any redirect resolves without a further redirect', () => {
    const segment = fc.oneof(
      fc.constantFrom(...KNOWN_COUNTRIES.map((c) => c.toLowerCase()), 'en', 'fr', 'de', 'xx', 'EN', 'Us', 'cart', 'iq', ''),
      fc.stringMatching(/^[A-Za-z0-9%._~-]{0,6}$/),
    );
    const geo = fc.option(fc.constantFrom(...KNOWN_COUNTRIES, 'JP', 'xx', 'de', ''), { nil: null });
    const membership = fc.option(fc.constantFrom(...STORE_COUNTRIES, 'MX', 'JP'), { nil: null });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), geo, membership, fc.boolean(), (segs, geoCountry, membershipCountry, slash) => {
        const pathname = '/' + segs.join('/') + (slash && segs.length ? '/' : '');
        const first = resolve(pathname, { geoCountry, membershipCountry, search: '?q=1', hash: '#h' });
        if (first.kind !== 'redirect') return;
        const url = new URL(first.to, 'http://x');
        const second = resolve(url.pathname, { geoCountry, membershipCountry, search: url.search, hash: url.hash });
        expect(second, `${pathname} -> ${first.to}`).toMatchObject({ kind: 'ok' });
        expect(url.search + url.hash).toBe('?q=1#h');
      }),
      { numRuns: 3000, seed: 42 },
    );
  });

  it('accepts every locale entry path as it is, except the two language overrides', () => {
    for (const entry of LOCALE_ENTRIES) {
      const result = resolveBasePath({ pathname: `/${entry.code}/${entry.languageInUrl}/`, isPriced: () => true });
      expect(result.kind, `${entry.code}/${entry.languageInUrl}`).toBe('ok');
    }
  });
});

describe('sign-in return pages outside the base path', () => {
  it.each(['/auth/callback', '/auth/callback/', '/auth/logged-out', '/auth/logged-out/'])('never redirects %s', (pathname) => {
    expect(resolve(pathname, { search: '?code=x&state=y', geoCountry: 'DE', membershipCountry: 'AT' })).toEqual({ kind: 'exempt' });
    expect(isBasePathExempt(pathname)).toBe(true);
  });
  it.each(['/auth/', '/auth/callbacks', '/auth/callback/x', '/AUTH/callback', '/auth/logged-out/x'])('redirects %s as usual', (pathname) => {
    expect(resolve(pathname).kind).toBe('redirect');
  });
});

describe('safeLocalPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeLocalPath('/de/de/cart/?x=1#y')).toBe('/de/de/cart/?x=1#y');
  });
  it('returns the normalised path, which resolves to itself on this origin', () => {
    expect(safeLocalPath('/de/./de/../de/cart/')).toBe('/de/de/cart/');
    expect(safeLocalPath('/us/en/x?next=//evil.test')).toBe('/us/en/x?next=//evil.test');
    for (const value of ['/.//evil.test/phish', '/%2e//evil.test/phish', '/a/..//evil.test/phish', '/.%2F/evil.test', '/%2e%2F/evil.test']) {
      const path = safeLocalPath(value);
      expect(path === null || new URL(path, 'https://store.test').origin === 'https://store.test', value).toBe(true);
    }
  });
  it.each([
    '//evil.test/x', '/\\evil.test', 'https://evil.test/', 'javascript:alert(1)', '', null, 'de/de/',
    '/%2F%2Fevil.test', '%2F%2Fevil.test', '/%2f/evil.test', '/%5Cevil.test', '/%252F%252Fevil.test', '/%25252F%25252Fevil.test',
    '/\t/evil.test', '/%09/evil.test', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '/%', '\\\\evil.test',
    // Dot segments that normalise into a protocol-relative URL (issue 32 item 5).
    '/.//evil.test/phish', '/%2e//evil.test/phish', '/%2E//evil.test', '/a/..//evil.test/phish', '/a/%2e%2e//evil.test', '/././/evil.test',
    '/..//evil.test', '/./\\evil.test', '/.%5C/evil.test', '/.\t//evil.test', '/.\n//evil.test',
  ])(
    'refuses %s',
    (value) => expect(safeLocalPath(value)).toBeNull(),
  );
});
