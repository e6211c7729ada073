import { catalogueLanguage, intlLocale, resolveBasePath, textDirection } from '@probe/domain';
import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { loadedMessages, loadMessages, type Messages } from '../../../i18n/catalogues.ts';
import { reportError } from '../../../monitoring/current.ts';
import { STORAGE_KEYS } from '../../../session/storage-keys.ts';
import { ErrorScreen } from '../../../ui/error-screen.tsx';
import { PageLoader } from '../../../ui/spinner.tsx';
import { completeSignIn, LOGIN_ERROR, MALFORMED_REDIRECT, SignInError } from '../callback.ts';
import { mobileHandoff } from '../handoff.ts';

interface Failure {
  errorId: string | null;
  locale: string;
  dir: 'ltr' | 'rtl';
  messages: Messages;
}

/** One run per page, whatever React does with effects: the stored state is single-use. */
let running: Promise<string> | null = null;

/** The language of the page the sign-in started from (or a mobile handoff was going to), for the error screen; English otherwise. */
async function failureLanguage(): Promise<Omit<Failure, 'errorId'>> {
  const stored = localStorage.getItem(STORAGE_KEYS.lastLoginLocation);
  localStorage.removeItem(STORAGE_KEYS.lastLoginLocation);
  const handoff = mobileHandoff(window.location.search);
  const last = handoff && handoff.target !== '/' ? handoff.target : stored;
  const resolved = last?.startsWith('/') ? resolveBasePath({ pathname: last.split(/[?#]/, 1)[0]!, isPriced: () => true }) : null;
  if (resolved?.kind !== 'ok') return { locale: 'en', dir: 'ltr', messages: await loadMessages('en') };
  const languageCode = catalogueLanguage(resolved.country, resolved.language);
  return { locale: intlLocale(resolved.country, resolved.language), dir: textDirection(resolved.language), messages: await loadMessages(languageCode) };
}

/**
 * /auth/callback (outside the base path): completes the sign-in and reloads at the stored last location
 * (spec §4). A malformed return is reported (spec §8) and the generic error screen shown.
 */
export function Component() {
  const [failure, setFailure] = useState<Failure | null>(null);
  useEffect(() => {
    running ??= completeSignIn(window.location.search);
    running.then(
      (target) => location.replace(target),
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : LOGIN_ERROR;
        const detail = error instanceof SignInError ? error.detail : MALFORMED_REDIRECT;
        const errorId = reportError(new Error(message), { reason: detail });
        const language = await failureLanguage();
        document.documentElement.lang = language.locale;
        document.documentElement.dir = language.dir;
        setFailure({ errorId, ...language });
      },
    );
  }, []);
  if (failure) {
    return (
      <IntlProvider locale={failure.locale} messages={failure.messages} defaultLocale="en">
        <main id="main"><ErrorScreen errorId={failure.errorId} /></main>
      </IntlProvider>
    );
  }
  return <main id="main"><PageLoader label={loadedMessages('en')['app.loading']!} /></main>;
}
