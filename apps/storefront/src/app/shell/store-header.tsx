import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type BaseData } from '../../data/route-data.ts';
import type { CountryFields } from '../../data/shop-operations.ts';
import { Logo } from '../../ui/logo.tsx';
import { CartLink } from '../../features/checkout/cart-link.tsx';
import { AccountMenu } from '../../features/account/account-menu.tsx';
import { RegionPicker } from './region-picker.tsx';
import { StoreNav } from './store-nav.tsx';
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
        <StoreNav basePath={base.basePath} />
        <CartLink basePath={base.basePath} />
        <AccountMenu basePath={base.basePath} language={base.language} />
        <RegionPicker base={base} countries={countries} />
      </div>
    </header>
  );
}
