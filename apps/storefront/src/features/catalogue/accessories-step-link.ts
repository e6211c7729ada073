import type { IntlShape } from 'react-intl';

/**
 * Where a buyer who just put a probe in the cart chooses its cables: the accessories step, told which
 * probe (its product, for the name, and its variant, for the connector). Nothing for other products.
 */
export function accessoriesStep(basePath: string, product: { slug: string; category: { slug: string } }, variant: { sku: string; connector?: string | null }, intl: IntlShape) {
  if (product.category.slug !== 'probes' || !variant.connector) return undefined;
  const query = new URLSearchParams({ device: product.slug, sku: variant.sku });
  return { to: `${basePath}/accessories-step/?${query}`, label: intl.formatMessage({ id: 'accessoriesStep.link' }) };
}
