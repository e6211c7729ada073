import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import './promo-banners.css';

/** A promo as the Shop query selects it: its banner is data (already in the page's language where translated). */
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
