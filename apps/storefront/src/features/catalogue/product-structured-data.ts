import type { ProductData } from './routes/product.tsx';

/** A minor-units amount as schema.org wants a price: a plain decimal with a dot ("3899.00"). */
export function decimalPrice(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An image or page address made absolute on the store's origin (the API gives /media/… paths). */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).href;
}

/**
 * schema.org Product with one Offer per variant sold in the route's country: its price as the page shows
 * it (gross where the country shows prices with VAT, net elsewhere), the country's currency, in stock or
 * not. A product sold nowhere here has no offers (and is then only a Product).
 */
export function productStructuredData(data: Pick<ProductData, 'product' | 'currency' | 'displayGrossPrices'>, pageUrl: string, origin: string): object {
  const { product } = data;
  const sold = product.variants.filter((v) => v.pricing);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.shortDescription,
    ...(product.thumbnail ? { image: absoluteUrl(origin, product.thumbnail.url) } : {}),
    ...(sold[0] ? { sku: sold[0].sku } : {}),
    url: pageUrl,
    category: product.category.name,
    brand: { '@type': 'Brand', name: 'Probe Medical' },
    offers: sold.map((variant) => ({
      '@type': 'Offer',
      sku: variant.sku,
      name: variant.name,
      url: `${pageUrl}?sku=${encodeURIComponent(variant.sku)}`,
      price: decimalPrice(data.displayGrossPrices ? variant.pricing!.price.gross.fractionalAmount : variant.pricing!.price.net.fractionalAmount),
      priceCurrency: variant.pricing!.price.currency.toUpperCase(),
      availability: variant.isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    })),
  };
}
