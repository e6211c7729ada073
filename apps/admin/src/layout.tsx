import { FormattedMessage } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { gql } from './api.ts';
import { signOut } from './auth.ts';
import { useText, type MessageId } from './i18n/text.ts';
import { useData } from './use-data.ts';

export interface Me { email: string; role: string; permissions: string[] }

const NAV: ReadonlyArray<readonly [string, MessageId]> = [
  ['/', 'nav.orders'], ['/customers', 'nav.customers'], ['/organizations', 'nav.organizations'], ['/dashboard', 'nav.dashboard'], ['/products', 'nav.products'],
  ['/prices', 'nav.prices'], ['/taxes', 'nav.taxes'], ['/vouchers', 'nav.vouchers'], ['/promos', 'nav.promos'], ['/offers', 'nav.offers'], ['/banners', 'nav.banners'],
  ['/maintenance', 'nav.maintenance'], ['/learners', 'nav.learners'], ['/audit', 'nav.audit'],
];

/** The console's frame: who is signed in with which role, the sections, the page. */
export function Layout() {
  const { t } = useText();
  const me = useData(() => gql<{ me: Me }>('{ me { email role permissions } }').then((d) => d.me), []);
  return (
    <>
      <header className="console-header">
        <a className="skip" href="#main"><FormattedMessage id="layout.skip" /></a>
        <p className="console-brand"><FormattedMessage id="console.title" /></p>
        <nav aria-label={t('layout.sections')}>
          <ul>{NAV.map(([to, label]) => <li key={to}><NavLink to={to} end={to === '/'}>{t(label)}</NavLink></li>)}</ul>
        </nav>
        {me.data ? (
          <p className="console-who">
            <span data-testid="console-user">{me.data.email}</span> · <span className="role">{t('layout.role', { role: me.data.role })}</span>{' '}
            <button type="button" className="link" onClick={() => { signOut(); location.assign('/'); }}><FormattedMessage id="layout.signOut" /></button>
          </p>
        ) : null}
      </header>
      <main id="main" className="console-main">
        {me.error ? <p role="alert" className="error">{me.error}</p> : me.data ? <Outlet context={me.data} /> : <p role="status"><FormattedMessage id="common.loading" /></p>}
      </main>
    </>
  );
}
