import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act } from 'react';
import { Observable } from 'rxjs';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/routes.tsx';
import { loadPromoBanners, PROMO_SSR_GRACE_MS, promoPageOf, PromoBanners, promoTone, type PromoBannerFields } from '../src/app/shell/promo-banners.tsx';
import { cacheConfig } from '../src/data/cache-config.ts';
import { DEFAULT_OPTIONS } from '../src/data/default-options.ts';
import { PROMO_BANNERS } from '../src/data/shop-operations.ts';
import de from '../src/i18n/messages/de.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The console's pages (server BANNER_PAGES, promoOptions.bannerPages). */
const BANNER_PAGES = ['home', 'iq', 'vet', 'product', 'pricing', 'offer', 'cart', 'checkout'];

const SPRING: PromoBannerFields = {
  code: 'SPRING', bannerMessage: 'Frühlingsaktion: 15 % auf die IQ3', bannerLink: '/pricing/', bannerColor: '#0b2545', bannerVisibilityPages: ['home', 'product'],
};
const PLAIN: PromoBannerFields = { code: 'PLAIN', bannerMessage: 'Nur im Warenkorb', bannerLink: null, bannerColor: '#fbbf24', bannerVisibilityPages: ['cart'] };

const hosts: HTMLElement[] = [];
afterEach(() => hosts.splice(0).forEach((h) => h.remove()));

async function render(page: string | null, promos: PromoBannerFields[]) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  hosts.push(host);
  const router = createMemoryRouter([{ path: '*', element: <PromoBanners promos={promos} page={page} basePath="/de/de" /> }], { initialEntries: ['/de/de/'] });
  await act(async () => createRoot(host).render(<IntlProvider locale="de" messages={de}><RouterProvider router={router} /></IntlProvider>));
  return host;
}

function routeIds(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.id ? [r.id] : []), ...routeIds(r.children ?? [])]);
}

describe('promo banners', () => {
  it('shows a promo\'s banner on a page it names, as a link into the store, in a tone class rather than a style attribute', async () => {
    const host = await render('product', [SPRING, PLAIN]);
    const banners = host.querySelectorAll('.promo-banner');
    expect(banners).toHaveLength(1);
    expect(banners[0]!.textContent).toBe('Frühlingsaktion: 15 % auf die IQ3');
    expect(banners[0]!.classList.contains('promo-banner--navy')).toBe(true);
    expect(host.querySelector('.promo-banner a')?.getAttribute('href')).toBe('/de/de/pricing/');
    expect(host.querySelector('section')?.getAttribute('aria-label')).toBe('Aktuelle Aktionen');
    expect(host.querySelector('[style]')).toBeNull();
  });

  it('shows nothing on a page no promo names, nor on a page without a banner key', async () => {
    expect((await render('pricing', [SPRING, PLAIN])).querySelector('.promo-banner')).toBeNull();
    expect((await render(null, [SPRING, PLAIN])).querySelector('.promo-banner')).toBeNull();
  });

  it('shows a promo without a link as text, with dark text on a light colour', async () => {
    const host = await render('cart', [SPRING, PLAIN]);
    expect(host.querySelector('.promo-banner')?.textContent).toBe('Nur im Warenkorb');
    expect(host.querySelector('.promo-banner a')).toBeNull();
    expect(host.querySelector('.promo-banner')?.classList.contains('promo-banner--amber')).toBe(true);
  });

  it('maps every page key the console offers to a store route', () => {
    const ids = routeIds(routes);
    for (const page of BANNER_PAGES) expect(ids.map(promoPageOf)).toContain(page);
    expect(promoPageOf('account')).toBeNull();
  });

  it('picks the nearest tone for any #rrggbb, and a default for none', () => {
    expect(promoTone('#0B2545')).toBe('navy');
    expect(promoTone('#c00000')).toBe('red');
    expect(promoTone('#ffffff')).toBe('light');
    expect(promoTone(null)).toBe('navy');
  });
});

describe('loading promo banners in the store loader', () => {
  const variables = { country: 'DE', languageCode: 'DE' } as const;
  const answer = { data: { shop: { __typename: 'Shop', catalogue: { __typename: 'Catalogue', promos: [{ __typename: 'Promo', ...SPRING, bannerVisibilityPages: [...SPRING.bannerVisibilityPages] }], banners: [] } } } };

  /** A client whose PromoBanners request answers when `respond` is called (never, if it is not). */
  function pendingClient() {
    const requests: Array<{ optional: unknown }> = [];
    let respond = () => {};
    const link = new ApolloLink((operation) => new Observable((observer) => {
      requests.push({ optional: operation.getContext().optional });
      respond = () => { observer.next(answer as ApolloLink.Result); observer.complete(); };
    }));
    const client = new ApolloClient({ cache: new InMemoryCache(cacheConfig), link, defaultOptions: DEFAULT_OPTIONS });
    return { client, requests, respond: () => respond() };
  }
  const settled = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 0))]);

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('in the browser, never waits for them: the request is sent, optional, and the loader goes on at once', async () => {
    const { client, requests, respond } = pendingClient();
    await expect(settled(loadPromoBanners(client, variables, new Promise(() => {})))).resolves.toBe(true);
    expect(requests).toEqual([{ optional: true }]);
    respond();
    await vi.waitFor(() => expect(client.readQuery({ query: PROMO_BANNERS, variables })?.shop.catalogue.promos).toHaveLength(1));
  });

  it('on the server, waits for them while the store loads and a short grace after, no longer', async () => {
    vi.stubGlobal('document', undefined);
    vi.useFakeTimers();
    const finished = (p: Promise<unknown>) => {
      const state = { done: false };
      void p.then(() => { state.done = true; });
      return state;
    };
    // They answer in time: the cache holds them when the page renders.
    const quick = pendingClient();
    const done = finished(loadPromoBanners(quick.client, variables, Promise.resolve()));
    await vi.advanceTimersByTimeAsync(0);
    expect(done.done).toBe(false);
    quick.respond();
    await vi.advanceTimersByTimeAsync(0);
    expect(done.done).toBe(true);
    expect(quick.client.readQuery({ query: PROMO_BANNERS, variables })?.shop.catalogue.promos).toHaveLength(1);
    // They do not: the store's queries and the grace bound the wait.
    const slow = pendingClient();
    let storeAnswered = () => {};
    const waiting = finished(loadPromoBanners(slow.client, variables, new Promise<void>((r) => { storeAnswered = r; })));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(waiting.done).toBe(false);
    storeAnswered();
    await vi.advanceTimersByTimeAsync(PROMO_SSR_GRACE_MS - 1);
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.done).toBe(true);
  });
});
