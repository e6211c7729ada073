import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CardVariant } from './operations.ts';
import { Price } from '../../ui/price.tsx';
import './product-card.css';

/** One product of a listing: its picture, name, description and lowest price, linking to its page. */
export function ProductCard({ variant, basePath, displayGross, preselect = false }: {
  variant: CardVariant;
  basePath: string;
  displayGross: boolean;
  /** Open the product page with this variant chosen. */
  preselect?: boolean;
}) {
  const intl = useIntl();
  const href = `${basePath}/product/${variant.product.slug}/${preselect ? `?sku=${encodeURIComponent(variant.sku)}` : ''}`;
  return (
    <article className="product-card">
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        {variant.product.thumbnail ? <img src={variant.product.thumbnail.url} alt="" width="320" height="320" loading="lazy" /> : null}
      </Link>
      <h3 className="product-card__name">
        <Link to={href}>{variant.product.name}</Link>
      </h3>
      <p className="product-card__text">{variant.product.shortDescription}</p>
      {variant.pricing ? (
        <p className="product-card__price">
          <Price price={variant.pricing.price} previous={variant.pricing.priceUndiscounted} displayGross={displayGross} />
        </p>
      ) : null}
      <Link to={href} className="button button--ghost">
        {intl.formatMessage({ id: 'home.view' })}
        <span className="visually-hidden">: {variant.product.name}</span>
      </Link>
    </article>
  );
}

/** One card per product: the product's cheapest variant that is sold here. */
export function cardsByProduct(variants: CardVariant[]): CardVariant[] {
  const best = new Map<string, CardVariant>();
  for (const v of variants) {
    if (!v.pricing) continue;
    const current = best.get(v.product.slug);
    if (!current || v.pricing.price.gross.fractionalAmount < current.pricing!.price.gross.fractionalAmount) best.set(v.product.slug, v);
  }
  return [...best.values()];
}
