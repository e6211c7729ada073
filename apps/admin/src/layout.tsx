import { FormattedMessage } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { gql, PermissionDenied } from './api.ts';
import { signedInEmail, signIn, signOut } from './auth.ts';
import { useText, type MessageId } from './i18n/text.ts';
import { useData } from './use-data.ts';
import { OutcomeProvider } from './outcome.tsx';

export interface Me { email: string; role: string; permissions: string[] }

/** The sections; one with a permission is shown only to the roles that hold it (the server refuses the rest anyway). */
const NAV: ReadonlyArray<readonly [string, MessageId, string?]> = [
  ['/', 'nav.orders'], ['/draft-orders', 'nav.draftOrders'], ['/customers', 'nav.customers'], ['/organizations', 'nav.organizations'], ['/subscriptions', 'nav.subscriptions'], ['/dashboard', 'nav.dashboard'], ['/products', 'nav.products'],
  ['/prices', 'nav.prices'], ['/taxes', 'nav.taxes'], ['/promos', 'nav.promos'], ['/offers', 'nav.offers'], ['/banners', 'nav.banners'],
  ['/leads', 'nav.leads'], ['/maintenance', 'nav.maintenance'], ['/learners', 'nav.learners'], ['/data-requests', 'nav.privacy'], ['/staff', 'nav.staff', 'staff.manage'], ['/audit', 'nav.audit'],
];

/** What the console's API says of the signed-in account: a member of staff, or someone who is not (a buyer). */
type Who = Me | { notStaff: true };

/** The console's frame: who is signed in with which role, the sections, the page. */
export function Layout() {
  const { t } = useText();
  const who = useData<Who>(() => gql<{ me: Me }>('{ me { email role permissions } }').then((d) => d.me, (error: unknown) => {
    if (error instanceof PermissionDenied) return { notStaff: true } as const;
    throw error;
  }), []);
  const notStaff = who.data !== null && 'notStaff' in who.data;
  const me = { data: who.data && !('notStaff' in who.data) ? who.data : null, error: who.error };
  return (
    <OutcomeProvider>
      <header className="console-header">
        <a className="skip" href="#main"><FormattedMessage id="layout.skip" /></a>
        <p className="console-brand"><FormattedMessage id="console.title" /></p>
        <nav aria-label={t('layout.sections')}>
          <ul>{NAV.filter(([, , permission]) => !permission || me.data?.permissions.includes(permission)).map(([to, label]) => <li key={to}><NavLink to={to} end={to === '/'}>{t(label)}</NavLink></li>)}</ul>
        </nav>
        {me.data ? (
          <p className="console-who">
            <span data-testid="console-user">{me.data.email}</span> · <span className="role">{t('layout.role', { role: me.data.role })}</span>{' '}
            <button type="button" className="link" onClick={() => void signOut()}><FormattedMessage id="layout.signOut" /></button>
          </p>
        ) : null}
      </header>
      <main id="main" className="console-main">
        {notStaff ? <NotStaff /> : me.error ? <p role="alert" className="error">{me.error}</p> : me.data ? <Outlet context={me.data} /> : <p role="status"><FormattedMessage id="common.loading" /></p>}
      </main>
    </OutcomeProvider>
  );
}

/**
 * The provider signed this browser in as someone who is not staff (a buyer signed in to the store): the
 * console says so and offers a sign-in as staff, for which the provider asks for a password.
 */
function NotStaff() {
  const email = signedInEmail();
  return (
    <section data-testid="console-not-staff">
      <h1><FormattedMessage id="notStaff.title" /></h1>
      <p><FormattedMessage id="notStaff.text" values={{ email: <span dir="ltr">{email ?? '—'}</span> }} /></p>
      <p>
        <button type="button" onClick={() => void signIn(location.pathname.replace(/^\/admin/, '') || '/', { asStaff: true })}><FormattedMessage id="notStaff.signIn" /></button>{' '}
        <button type="button" className="link" onClick={() => void signOut()}><FormattedMessage id="layout.signOut" /></button>
      </p>
    </section>
  );
}
