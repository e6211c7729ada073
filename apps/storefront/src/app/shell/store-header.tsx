import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type BaseData } from '../../data/route-data.ts';
import type { CountryFields } from '../../data/shop-operations.ts';
import { Logo } from '../../ui/logo.tsx';
import { CartLink } from '../../features/checkout/cart-link.tsx';
import { RegionPicker } from './region-picker.tsx';
import './store-chrome.css';

export function StoreHeader({ base, countries }: { base: BaseData; countries: CountryFields[] }) {
  const intl = useIntl();
  return (
    <header className="store-header">
      <div className="container store-header__inner">
        <Link to={`${base.basePath}/`} className="store-header__brand">
          <Logo />
          <span className="store-header__name">
            {intl.formatMessage({ id: 'app.brand' })}
            <small>{intl.formatMessage({ id: 'app.brandTagline' })}</small>
          </span>
        </Link>
        <nav className="store-header__nav" aria-label={intl.formatMessage({ id: 'app.mainNav' })}>
          <Link to={`${base.basePath}/iq/`}>{intl.formatMessage({ id: 'nav.human' })}</Link>
          <Link to={`${base.basePath}/vet/`}>{intl.formatMessage({ id: 'nav.vet' })}</Link>
          <Link to={`${base.basePath}/accessories/`}>{intl.formatMessage({ id: 'nav.accessories' })}</Link>
          <Link to={`${base.basePath}/pricing/`}>{intl.formatMessage({ id: 'nav.pricing' })}</Link>
        </nav>
        <CartLink basePath={base.basePath} />
        <RegionPicker base={base} countries={countries} />
      </div>
    </header>
  );
}
