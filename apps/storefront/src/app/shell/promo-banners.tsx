import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { catalogueLanguage, languageCodeEnum, type KnownCountry, type UrlLanguage } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PROMO_BANNERS } from '../../data/shop-operations.ts';
import type { PromoBannersQueryVariables } from '../../graphql/generated.ts';
import './promo-banners.css';

/** A promo as the PromoBanners query selects it: its banner is data (already in the page's language where translated). */
export interface PromoBannerFields {
  code: string | null;
  bannerMessage: string | null;
  bannerLink: string | null;
  bannerColor: string | null;
  bannerVisibilityPages: readonly string[];
}

/**
 * The page keys a promo's bannerVisibilityPages names (the server's BANNER_PAGES, the console's promoOptions.bannerPages),
 * by the id of the store route showing that page. Other routes show no promo banner.
 */
const PAGE_OF_ROUTE: Record<string, string> = {
  home: 'home', iq: 'iq', vet: 'vet', product: 'product', pricing: 'pricing', offer: 'offer', cart: 'cart', checkout: 'checkout',
};
export const promoPageOf = (routeId: string | undefined): string | null => (routeId ? (PAGE_OF_ROUTE[routeId] ?? null) : null);

/**
 * The Content-Security-Policy refuses style attributes, so a banner's colour (any #rrggbb, server-validated) is not
 * set inline: it picks the nearest of a few tones, each a class of promo-banners.css with a text colour of at least
 * 4.5:1 contrast on it.
 */
const TONES = [
  ['navy', [0x0b, 0x25, 0x45]],
  ['blue', [0x1d, 0x4e, 0xd8]],
  ['teal', [0x0f, 0x76, 0x6e]],
  ['green', [0x16, 0x65, 0x34]],
  ['red', [0xb9, 0x1c, 0x1c]],
  ['purple', [0x6d, 0x28, 0xd9]],
  ['amber', [0xfb, 0xbf, 0x24]],
  ['light', [0xe0, 0xf2, 0xfe]],
] as const;
export type PromoTone = (typeof TONES)[number][0];

export function promoTone(color: string | null | undefined): PromoTone {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color?.trim() ?? '');
  if (!match) return 'navy';
  const rgb = match.slice(1).map((h) => parseInt(h, 16));
  let best: PromoTone = 'navy';
  let bestDistance = Infinity;
  for (const [tone, ref] of TONES) {
    const distance = ref.reduce((sum, c, i) => sum + (c - rgb[i]!) ** 2, 0);
    if (distance < bestDistance) [best, bestDistance] = [tone, distance];
  }
  return best;
}

/** The promos to show on a page: those with a message naming it. */
export const promosForPage = <P extends PromoBannerFields>(promos: readonly P[], page: string | null): P[] =>
  page ? promos.filter((p) => p.bannerMessage?.trim() && p.bannerVisibilityPages.includes(page)) : [];

/** The running promos' banners for one page (spec §3 Promo: banner message, link and color, bannerVisibilityPages). */
export function PromoBanners({ promos, page, basePath }: { promos: readonly PromoBannerFields[]; page: string | null; basePath: string }) {
  const intl = useIntl();
  const shown = promosForPage(promos, page);
  if (!shown.length) return null;
  return (
    <section className="promo-banners" aria-label={intl.formatMessage({ id: 'promoBanner.label' })}>
      {shown.map((p, i) => {
        const link = p.bannerLink?.trim();
        const message = p.bannerMessage!.trim();
        return (
          <div key={p.code ?? i} className={`promo-banner promo-banner--${promoTone(p.bannerColor)}`} data-promo={p.code ?? undefined}>
            <p className="container promo-banner__inner">
              {!link ? message
                : link.startsWith('/') ? <Link to={`${basePath}${link}`}>{message}</Link>
                : <a href={link} rel="noopener">{message}</a>}
            </p>
          </div>
        );
      })}
    </section>
  );
}

/** The PromoBanners variables of a store: the same in the loader and the layout, so both name one cache entry. */
export const promoBannerVariables = (country: KnownCountry, language: UrlLanguage): PromoBannersQueryVariables =>
  ({ country, languageCode: languageCodeEnum(catalogueLanguage(country, language)) });

/** How long the server's store loader waits for the banners after its own queries have answered. */
export const PROMO_SSR_GRACE_MS = 250;

/**
 * A promo banner is an extra: the store never waits on it in the browser, and on the server only so long.
 *
 * Started by the store loader beside its own queries (`store`), so the banners are usually in the cache when the page
 * renders; the layout reads them from there (<StorePromoBanners>). In the browser the promise resolves at once: a
 * banner in the cache (persisted, or the server's state) shows at once, one still loading shows when it arrives, and
 * one that cannot be loaded (offline: the retries take seconds) does not hold the store. On the server, whose queries
 * run in process, the loader waits for it until the store's queries are answered and PROMO_SSR_GRACE_MS more, so the
 * server-rendered page holds the banner; what the cache holds when the page renders is what the HTML and the state
 * sent to the browser show, so hydration matches either way. Errors are the banner's own (context optional).
 */
export function loadPromoBanners(client: ApolloClient, variables: PromoBannersQueryVariables, store: Promise<unknown>): Promise<void> {
  const query = client.query({ query: PROMO_BANNERS, variables, context: { optional: true } }).then(() => undefined, () => undefined);
  if (typeof document !== 'undefined') return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = store.then(
    () => new Promise<void>((resolve) => { timer = setTimeout(resolve, PROMO_SSR_GRACE_MS); }),
    () => undefined,
  );
  return Promise.race([query, grace]).finally(() => clearTimeout(timer));
}

/**
 * The store's promo banners for the current page, from the cache (cache-first: rendered on the server and hydrated
 * from the same data; fetched after render only when the loader could not put them there).
 */
export function StorePromoBanners({ variables, page, basePath }: { variables: PromoBannersQueryVariables; page: string | null; basePath: string }) {
  const { data } = useQuery(PROMO_BANNERS, { variables, fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first', context: { optional: true } });
  return (
    <>
      <SiteBanner banners={data?.shop.catalogue.banners ?? []} page={page} basePath={basePath} />
      <PromoBanners promos={data?.shop.catalogue.promos ?? []} page={page} basePath={basePath} />
    </>
  );
}

/** The home and the offers page show the site banner in their own content; the layout shows it on the other pages one can choose. */
const LAYOUT_BANNER_PAGES = new Set(['iq', 'vet', 'product', 'pricing', 'cart', 'checkout']);

/** The site banner (spec §3 Banner) chosen for a page: the newest that names it (the server sends them newest first). */
export function siteBannerFor<B extends { visibility: readonly string[] }>(banners: readonly B[], page: string | null): B | null {
  if (!page || !LAYOUT_BANNER_PAGES.has(page)) return null;
  return banners.find((b) => !b.visibility.length || b.visibility.includes(page)) ?? null;
}

function SiteBanner({ banners, page, basePath }: { banners: ReadonlyArray<{ content: string; url: string | null; visibility: readonly string[] }>; page: string | null; basePath: string }) {
  const intl = useIntl();
  const banner = siteBannerFor(banners, page);
  const content = banner?.content.trim();
  if (!banner || !content) return null;
  const link = banner.url?.trim();
  return (
    <section className="site-banners" aria-label={intl.formatMessage({ id: 'siteBanner.label' })}>
      <div className="site-banner" data-site-banner="">
        <p className="container site-banner__inner">
          {!link ? content : link.startsWith('/') ? <Link to={`${basePath}${link}`}>{content}</Link> : <a href={link} rel="noopener">{content}</a>}
        </p>
      </div>
    </section>
  );
}
