import type { CatalogueRow, CountryTaxSettings } from './repo.ts';

export interface CatalogueProduct {
  id: number;
  slug: string;
  name: string;
  shortDescription: string;
  descriptionJson: unknown;
  category: { id: number; slug: string; name: string };
  productType: { id: number; slug: string; name: string; isShippingRequired: boolean; taxClass: string };
  images: Array<{ path: string; alt: string }>;
  variants: CatalogueVariant[];
}

export interface CatalogueVariant {
  id: number;
  sku: string;
  name: string;
  model: string | null;
  connector: string | null;
  market: string;
  billingPeriod: string;
  planKind: string;
  trackInventory: boolean;
  stock: number;
  groups: string[];
  product: CatalogueProduct;
  /** As entered for the country, in its currency's minor units; null when not sold there. */
  price: { currency: string; amount: number; amountUndiscounted: number } | null;
}

/** A country's catalogue in one language, immutable: built once per catalogue version, shared by requests. */
export interface CatalogueSnapshot {
  country: CountryTaxSettings;
  language: string;
  products: CatalogueProduct[];
  productBySlug: Map<string, CatalogueProduct>;
  variantsByGroup: Map<string, CatalogueVariant[]>;
  variantBySku: Map<string, CatalogueVariant>;
}

export function buildSnapshot(country: CountryTaxSettings, language: string, rows: CatalogueRow[]): CatalogueSnapshot {
  const productBySlug = new Map<string, CatalogueProduct>();
  const variantsByGroup = new Map<string, CatalogueVariant[]>();
  const variantBySku = new Map<string, CatalogueVariant>();
  for (const row of rows) {
    let product = productBySlug.get(row.slug);
    if (!product) {
      product = {
        id: row.product_id,
        slug: row.slug,
        name: row.product_name,
        shortDescription: row.short_description,
        descriptionJson: row.description_json,
        category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
        productType: { id: row.type_id, slug: row.type_slug, name: row.type_name, isShippingRequired: row.is_shipping_required, taxClass: row.tax_class },
        images: row.images ?? [],
        variants: [],
      };
      productBySlug.set(row.slug, product);
    }
    const variant: CatalogueVariant = {
      id: row.id,
      sku: row.sku,
      name: row.name,
      model: row.model,
      connector: row.connector,
      market: row.market,
      billingPeriod: row.billing_period,
      planKind: row.plan_kind,
      trackInventory: row.track_inventory,
      stock: row.stock,
      groups: row.groups ?? [],
      product,
      price: row.amount === null || row.currency === null ? null : { currency: row.currency, amount: row.amount, amountUndiscounted: row.amount_undiscounted ?? row.amount },
    };
    product.variants.push(variant);
    variantBySku.set(variant.sku, variant);
    for (const group of variant.groups) {
      const list = variantsByGroup.get(group) ?? [];
      list.push(variant);
      variantsByGroup.set(group, list);
    }
  }
  return { country, language, products: [...productBySlug.values()], productBySlug, variantsByGroup, variantBySku };
}
