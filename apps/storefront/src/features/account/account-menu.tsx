import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { applyOrganizationSlug } from './signed-in-rules.ts';
import './account-menu.css';

/** The signed-in menu and the sign-in code load only when needed: never in the first chunk. */
const SignedInMenu = lazy(() => import('./signed-in-menu.tsx'));

const report = (error: Error) => void reportError(error, { source: 'auth-token' });

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Starts a sign-in from the current page (the code for it is fetched on click). */
export function startSignIn(language: string): void {
  void import('./sign-in.ts').then((m) => m.signIn(language)).catch((error: unknown) => reportError(error, { source: 'sign-in' }));
}

/**
 * The header's account entry: "Sign in" for an anonymous visitor; the user's name with my account and
 * sign out once signed in. The server renders the anonymous entry; the browser swaps it after reading
 * the stored token (spec §4 validity).
 */
export function AccountMenu({ basePath, language }: { basePath: string; language: string }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    applyOrganizationSlug({ pathname, search });
    setSignedIn(validAuthToken(report) !== null);
  }, [pathname, search]);

  const label = intl.formatMessage({ id: 'account.signIn' });
  const signInButton = (
    <button type="button" className="account-menu__button" onClick={() => startSignIn(language)} data-testid="sign-in">
      <PersonIcon />
      <span className="account-menu__label">{label}</span>
    </button>
  );
  if (!signedIn) return <div className="account-menu">{signInButton}</div>;
  return (
    <div className="account-menu">
      <Suspense fallback={<span className="account-menu__button" aria-hidden="true"><PersonIcon /></span>}>
        <SignedInMenu basePath={basePath} onAnonymous={() => setSignedIn(false)} icon={<PersonIcon />} />
      </Suspense>
    </div>
  );
}
