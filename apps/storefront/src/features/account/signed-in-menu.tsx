import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { clearAuthData } from '../../session/auth-token.ts';
import { sectionsFor } from './area/sections.ts';
import { USER_QUERY } from './operations.ts';
import { signOut } from './sign-out.ts';
import { membershipRedirect } from './signed-in-rules.ts';

/**
 * The signed-in header entry: a disclosure button with the user's name (or e-mail) opening links to my
 * account, its orders, the subscription (for a member of an organization) and sign out. Escape closes it
 * and gives focus back to the button. It also applies the signed-in country rule (spec §2): a user whose first membership is in another country goes there.
 */
export default function SignedInMenu({ basePath, onAnonymous, icon }: { basePath: string; onAnonymous: () => void; icon: ReactNode }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data } = useQuery(USER_QUERY, { fetchPolicy: 'cache-and-network' });
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const me = data?.me;

  useEffect(() => {
    // The server does not know the token any more (expired key, deleted user): signed out here too.
    if (data && data.me === null) {
      clearAuthData();
      onAnonymous();
    }
  }, [data, onAnonymous]);
  const firstCountry = me?.organizationMemberships[0]?.organization.country ?? null;
  useEffect(() => {
    const to = membershipRedirect(location, firstCountry);
    if (to) navigate(to, { replace: true });
  }, [firstCountry, location, navigate]);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const name = me?.name || me?.email || t('account.title');
  // The account area's own rule: a subscription belongs to an organization, so a user without one has none to open.
  const hasSubscription = me ? sectionsFor(me).some((s) => s.id === 'subscription') : false;
  return (
    <div ref={root} className="account-menu__signed-in" onKeyDown={(event) => {
      if (event.key === 'Escape' && open) {
        setOpen(false);
        button.current?.focus();
      }
    }}>
      <button ref={button} type="button" className="account-menu__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} data-testid="account-menu">
        {icon}
        <span className="account-menu__label account-menu__name">{name}</span>
      </button>
      <ul id={panelId} className="account-menu__panel" hidden={!open}>
        {me ? <li className="account-menu__who"><span dir="ltr">{me.email}</span></li> : null}
        <li><Link to={`${basePath}/account/`}>{t('account.myAccount')}</Link></li>
        <li><Link to={`${basePath}/account/orders/`} data-testid="menu-orders">{t('account.menuOrders')}</Link></li>
        {hasSubscription ? <li><Link to={`${basePath}/subscription/`}>{t('subscription.menuLink')}</Link></li> : null}
        <li><button type="button" className="link-button" onClick={() => void signOut(basePath)} data-testid="sign-out">{t('account.signOut')}</button></li>
      </ul>
    </div>
  );
}
