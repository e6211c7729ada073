import { NavLink, Outlet } from 'react-router';
import { gql } from './api.ts';
import { signOut } from './auth.ts';
import { useData } from './use-data.ts';

export interface Me { email: string; role: string; permissions: string[] }

const NAV = [
  ['/', 'Orders'], ['/customers', 'Customers'], ['/organizations', 'Organizations'], ['/dashboard', 'Dashboard'], ['/products', 'Products'], ['/prices', 'Prices'], ['/taxes', 'Tax rates'], ['/vouchers', 'Vouchers'], ['/promos', 'Promos'], ['/offers', 'Offers'], ['/banners', 'Banners'], ['/maintenance', 'Maintenance'], ['/learners', 'Learners'], ['/audit', 'Audit log'],
] as const;

/** The console's frame: who is signed in with which role, the sections, the page. */
export function Layout() {
  const me = useData(() => gql<{ me: Me }>('{ me { email role permissions } }').then((d) => d.me), []);
  return (
    <>
      <header className="console-header">
        <a className="skip" href="#main">Skip to content</a>
        <p className="console-brand">Probe Store console</p>
        <nav aria-label="Sections">
          <ul>{NAV.map(([to, label]) => <li key={to}><NavLink to={to} end={to === '/'}>{label}</NavLink></li>)}</ul>
        </nav>
        {me.data ? (
          <p className="console-who">
            <span data-testid="console-user">{me.data.email}</span> · <span className="role">{me.data.role.replace('_', ' ').toLowerCase()}</span>{' '}
            <button type="button" className="link" onClick={() => { signOut(); location.assign('/'); }}>Sign out</button>
          </p>
        ) : null}
      </header>
      <main id="main" className="console-main">
        {me.error ? <p role="alert" className="error">{me.error}</p> : me.data ? <Outlet context={me.data} /> : <p role="status">Loading…</p>}
      </main>
    </>
  );
}
