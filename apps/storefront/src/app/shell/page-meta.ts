import { useIntl } from 'react-intl';
import { useLocation, useMatches } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { usePageMeta, type HeadMeta } from '../../lib/head.tsx';
import type { ProductData } from '../../features/catalogue/routes/product.tsx';
import { absoluteUrl, productStructuredData } from '../../features/catalogue/product-structured-data.ts';

/** The store's sections with a description of their own; every other page has the store's. */
const DESCRIPTIONS: Record<string, string> = {
  home: 'meta.description.home',
  iq: 'meta.description.iq',
  vet: 'meta.description.vet',
  accessories: 'meta.description.accessories',
  pricing: 'meta.description.pricing',
};

/**
 * What search engines and link previews read of a store page: its description (translated; a product's
 * own short description), Open Graph and Twitter card tags with the canonical URL (on the configured
 * origin: the server renders every page on PUBLIC_URL's origin), the product's picture, and on a product
 * page its schema.org Product and Offers in the route's currency and language.
 */
export function useStorePageMeta(): void {
  const intl = useIntl();
  const base = useBaseData();
  const { pathname } = useLocation();
  const page = useMatches().at(-1);
  const product = page?.id === 'product' ? (page.loaderData as ProductData | undefined) : undefined;
  const url = `${base.origin}${pathname}`;
  const description = product?.product
    ? product.product.shortDescription
    : intl.formatMessage({ id: DESCRIPTIONS[page?.id ?? ''] ?? 'meta.description.default' });
  const image = product?.product?.thumbnail ? absoluteUrl(base.origin, product.product.thumbnail.url) : null;
  const meta: HeadMeta[] = [
    { name: 'description', content: description },
    { property: 'og:type', content: product?.product ? 'product' : 'website' },
    { property: 'og:site_name', content: intl.formatMessage({ id: 'app.brand' }) },
    { property: 'og:url', content: url },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: base.locale.replace('-', '_') },
    ...(image ? [{ property: 'og:image', content: image }, { property: 'og:image:alt', content: product!.product.name }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:description', content: description },
  ];
  usePageMeta(meta, product?.product ? [productStructuredData(product, url, base.origin)] : []);
}
