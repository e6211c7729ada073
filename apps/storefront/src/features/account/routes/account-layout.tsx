import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useOutletContext } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { sectionOf, sectionsFor, type AccountSection } from '../area/sections.ts';
import { USER_REFRESH, type AccountUser } from '../operations.ts';
import { useSignedIn } from '../use-signed-in.ts';
import '../account.css';
import '../area/account-area.css';
import { failOnUserData } from '../user-data-failure.ts';

export interface AccountArea {
  me: AccountUser;
  sections: AccountSection[];
}

/** What the account area's pages read of the signed-in user (loaded once by the layout). */
export function useAccountArea(): AccountArea {
  return useOutletContext<AccountArea>();
}

/** Navigation state that moves the focus to the new section's heading (links of the account area's menu). */
export const NAV_STATE = { accountNav: true } as const;

/**
 * The account area (issue 36): the signed-in user's sections beside a navigation of their own, a side
 * menu from 1024 px and a row of links above the section on phones. Only the sections the user has are
 * listed, and nothing is shown before the user is known (no heading of a section they do not have). Each
 * section is a route of its own; the spec's /subscription/ and /learner-verification/ are sections too.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const location = useLocation();
  const signedIn = useSignedIn(base.language);
  const { data, error } = useQuery(USER_REFRESH, { variables: { first: 20 }, skip: signedIn !== 'yes' });
  failOnUserData(error);
  const me = data?.me;
  const main = useRef<HTMLDivElement>(null);
  const current = sectionOf(location.pathname.slice(base.basePath.length));
  const exact = (s: AccountSection) => location.pathname === `${base.basePath}${s.path}`;

  // A section chosen in the menu: its heading takes the focus, so a screen reader announces where it went.
  useEffect(() => {
    if (!(location.state as { accountNav?: boolean } | null)?.accountNav) return;
    const frame = requestAnimationFrame(() => {
      const heading = main.current?.querySelector('h1');
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.state]);

  // On phones the current section's link is scrolled into the row.
  useEffect(() => {
    document.querySelector('.account-nav [aria-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, me]);

  if (!me) {
    return (
      <div className="container page account-area">
        <h1>{t('account.title')}</h1>
        {error || (data && !data.me) ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
      </div>
    );
  }
  const sections = sectionsFor(me);
  return (
    <div className="container page account-area">
      <div className="account-area__layout">
        <div className="account-area__aside">
          <p className="account-area__who">
            <span className="account-area__title">{t('account.title')}</span>
            <span className="account-area__name" dir="auto">{me.name || me.email}</span>
          </p>
          <nav className="account-nav" aria-label={t('account.nav.label')} data-testid="account-nav">
            <ul>
              {sections.map((s) => (
                <li key={s.id}>
                  <Link to={`${base.basePath}${s.path}`} state={NAV_STATE} data-section={s.id}
                    aria-current={current === s.id ? (exact(s) ? 'page' : 'true') : undefined}>
                    {t(s.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="account-area__main" ref={main}>
          <Outlet context={{ me, sections } satisfies AccountArea} />
        </div>
      </div>
    </div>
  );
}
