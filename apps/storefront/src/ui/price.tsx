import { displayPrice, isExportCountry } from '@probe/domain';
import { useIntl } from 'react-intl';
import type { TaxedFields } from '../data/shop-operations.ts';
import './price.css';

const plain = (t: TaxedFields) => ({ currency: t.currency, net: t.net.fractionalAmount, gross: t.gross.fractionalAmount });

/**
 * The note under prices: VAT included (gross countries), sales tax added at checkout (the US and Canada),
 * or none charged where the store sells as an export (docs/decisions/0049).
 */
export function taxNoteId(country: string, displayGross: boolean): 'product.includesVat' | 'product.excludesTax' | 'product.noTaxExport' {
  if (displayGross) return 'product.includesVat';
  return isExportCountry(country) ? 'product.noTaxExport' : 'product.excludesTax';
}

/** A price as every screen shows it (the rule is displayPrice in @probe/domain). */
export function Price({ price, previous, displayGross, suffix = null, perMonth = false, size = 'normal' }: {
  price: TaxedFields;
  previous?: TaxedFields | null;
  displayGross: boolean;
  suffix?: 'mo' | 'yr' | null;
  perMonth?: boolean;
  size?: 'normal' | 'large';
}) {
  const intl = useIntl();
  const shown = displayPrice(plain(price), previous ? plain(previous) : null, { displayGross, suffix, perMonth, locale: intl.locale });
  const suffixText = shown.suffix ? intl.formatMessage({ id: shown.suffix === 'mo' ? 'price.perMonth' : 'price.perYear' }) : '';
  return (
    <span className={`price${shown.highlighted ? ' price--highlighted' : ''}${size === 'large' ? ' price--large' : ''}`} data-testid="price">
      {shown.previous ? (
        <s className="price__previous">
          <span className="visually-hidden">{intl.formatMessage({ id: 'price.previous' })} </span>
          {shown.previous}
        </s>
      ) : null}
      <span className="price__current">
        {shown.previous ? <span className="visually-hidden">{intl.formatMessage({ id: 'price.now' })} </span> : null}
        {shown.current}
        {suffixText ? <span className="price__suffix">{suffixText}</span> : null}
      </span>
    </span>
  );
}
