import { catalogueLanguage, DEFAULT_BASE_PATH, intlLocale, isStoreCountry, LOCALE_ENTRIES, textDirection, type KnownCountry, type UrlLanguage } from '@probe/domain';
import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { Outlet, useLoaderData, useLocation, useParams, useRouteError, isRouteErrorResponse, type LoaderFunctionArgs } from 'react-router';
import { type BaseData } from '../../data/route-data.ts';
import { apolloContext } from '../../data/apollo-context.ts';
import { redirectTo, resolveRequestPath } from '../resolve-path.ts';
import { loadedMessages, loadMessages } from '../../i18n/catalogues.ts';
import type { LoaderFailure } from '../../lib/loader-failure.ts';
import { ErrorScreen } from '../../ui/error-screen.tsx';
import { useHeadLinks } from '../../lib/head.tsx';
import { reportError } from '../../monitoring/current.ts';


/** The base-path route /{countryCode}/{language}: applies every redirect rule, then loads the catalogue. */
export async function baseLoader({ request, context }: LoaderFunctionArgs): Promise<BaseData> {
  const result = await resolveRequestPath(context.get(apolloContext), new URL(request.url));
  if (result.kind === 'redirect') throw redirectTo(result);
  // The sign-in return pages have routes of their own, which outrank this one.
  if (result.kind === 'exempt') throw new Error(`unreachable: ${request.url} is outside the base path`);
  const languageCode = catalogueLanguage(result.country, result.language);
  await loadMessages(languageCode);
  return {
    country: result.country,
    language: result.language,
    languageCode,
    locale: intlLocale(result.country, result.language),
    dir: textDirection(result.language),
    basePath: `/${result.country.toLowerCase()}/${result.language}`,
    origin: new URL(request.url).origin,
  };
}

/** Spec-wide: each page names its canonical URL and its versions for every store country and language. */
function useAlternateLinks(base: BaseData) {
  const rest = useLocation().pathname.split('/').slice(3).join('/');
  useHeadLinks([
    { rel: 'canonical', href: `${base.origin}${base.basePath}/${rest}` },
    ...STORE_LOCALES.map((entry) => ({ rel: 'alternate' as const, hreflang: entry.locale, href: `${base.origin}/${entry.code}/${entry.languageInUrl}/${rest}` })),
    { rel: 'alternate', hreflang: 'x-default', href: `${base.origin}${DEFAULT_BASE_PATH}/${rest}` },
  ]);
}

const STORE_LOCALES = LOCALE_ENTRIES.filter((entry) => isStoreCountry(entry.code.toUpperCase()));

export function BaseLayout() {
  const base = useLoaderData<BaseData>();
  useAlternateLinks(base);
  useEffect(() => {
    document.documentElement.lang = base.locale;
    document.documentElement.dir = base.dir;
  }, [base.locale, base.dir]);
  return (
    <IntlProvider locale={base.locale} messages={loadedMessages(base.languageCode)} defaultLocale="en">
      <Outlet />
    </IntlProvider>
  );
}

/** Messages for a screen shown when the base loader itself failed: the path's language if loaded, else English. */
function useFallbackIntl(): { locale: string; messages: Record<string, string> } {
  const { countryCode = '', language = '' } = useParams();
  try {
    const lang = language as UrlLanguage;
    const languageCode = catalogueLanguage(countryCode.toUpperCase() as KnownCountry, lang);
    return { locale: intlLocale(countryCode.toUpperCase() as KnownCountry, lang), messages: loadedMessages(languageCode) };
  } catch {
    // English is loaded before any page renders without its base data (entry-server.tsx, client-start.tsx).
    return { locale: 'en', messages: loadedMessages('en') };
  }
}

/** Error element of the base-path route and of the app: the generic error screen of spec §2. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const intl = useFallbackIntl();
  const failure = isRouteErrorResponse(error) ? (error.data as Partial<LoaderFailure> | null) : null;
  // Spec §2: the caught error is reported and logged; the screen shows the id of the report.
  const [reportedId] = useState(() => failure?.errorId ?? (typeof window === 'undefined' ? null : reportError(error, { source: 'route' })));
  return (
    <IntlProvider locale={intl.locale} messages={intl.messages} defaultLocale="en">
      <main id="main">
        <ErrorScreen errorId={reportedId} />
      </main>
    </IntlProvider>
  );
}
