import { catalogueLanguage, intlLocale, languageCodeEnum, resolveBasePath, UNAVAILABLE_COUNTRY_COOKIE, type KnownCountry, type UrlLanguage } from '@probe/domain';
import { useEffect, useState } from 'react';
import { Outlet, useLoaderData, useMatches, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { useBaseData, type StoreData } from '../../data/route-data.ts';
import { useIntl } from 'react-intl';
import { apolloContext } from '../../data/apollo-context.ts';
import { ENABLED_COUNTRIES, MAINTENANCE, SHOP } from '../../data/shop-operations.ts';
import { redirectTo } from '../resolve-path.ts';
import { readCookie } from '../../lib/cookies.ts';
import { GRAPHQL_ERROR_EVENT, type GraphqlErrorDetail } from '../../lib/events.ts';
import { orFail } from '../../lib/loader-failure.ts';
import { ErrorScreen } from '../../ui/error-screen.tsx';
import { MaintenancePage } from '../../ui/maintenance-page.tsx';
import { PageLoader } from '../../ui/spinner.tsx';
import { ConsentBanner } from './consent-banner.tsx';
import { useStorePageMeta } from './page-meta.ts';
import { loadPromoBanners, promoBannerVariables, promoPageOf, StorePromoBanners } from './promo-banners.tsx';
import { StoreFooter } from './store-footer.tsx';
import { StoreHeader } from './store-header.tsx';
import { UnavailableCountryNotice } from './unavailable-country-notice.tsx';


/** The store root (spec §2 `*`): loads the shop data every store screen needs. */
export async function storeLoader({ request, context, params }: LoaderFunctionArgs): Promise<StoreData> {
  const client = context.get(apolloContext);
  const country = (params.countryCode ?? '').toUpperCase() as KnownCountry;
  const language = params.language as UrlLanguage;
  const languageCode = languageCodeEnum(catalogueLanguage(country, language));
  const store = Promise.all([
    orFail('Failed to load maintenance data', () => client.query({ query: MAINTENANCE })),
    orFail('Failed to load countries', () => client.query({ query: ENABLED_COUNTRIES, variables: { languageCode } })),
    orFail('Failed to load shop', () => client.query({ query: SHOP, variables: { country, languageCode } })),
  ]);
  // A promo banner is an extra: started beside the store's queries, never waited for in the browser (promo-banners.tsx).
  const promos = loadPromoBanners(client, promoBannerVariables(country, language), store);
  const [maintenance, countries, shop] = await store;
  await promos;
  // Spec §2: a country without pricing for the IQ3 or the IQ+ Lightning device goes to the default country.
  if (!shop.data!.shop.catalogue.isDevicePriced) {
    const url = new URL(request.url);
    const result = resolveBasePath({ pathname: url.pathname, search: url.search, isPriced: (c) => c !== country });
    if (result.kind === 'redirect') throw redirectTo(result);
  }
  const cookies = typeof document === 'undefined' ? request.headers.get('cookie') : document.cookie;
  const unavailable = readCookie(cookies, UNAVAILABLE_COUNTRY_COOKIE);
  return {
    maintenance: maintenance.data!.shop,
    shop: shop.data!.shop,
    countries: countries.data!.shop.countries,
    // Named here, in the loader, so the browser hydrates with the server's text.
    unavailableCountry: unavailable && /^[A-Z]{2}$/.test(unavailable)
      ? { code: unavailable, name: new Intl.DisplayNames([intlLocale(country, language)], { type: 'region' }).of(unavailable) ?? unavailable }
      : null,
  };
}

/** Spec §2: a global GraphQL error event replaces the page by the generic error screen. */
function useGlobalGraphqlError(): GraphqlErrorDetail | null {
  const [error, setError] = useState<GraphqlErrorDetail | null>(null);
  useEffect(() => {
    const onError = (event: Event) => setError((event as CustomEvent<GraphqlErrorDetail>).detail ?? { message: 'GraphQL error' });
    window.addEventListener(GRAPHQL_ERROR_EVENT, onError);
    return () => window.removeEventListener(GRAPHQL_ERROR_EVENT, onError);
  }, []);
  return error;
}

export function StoreLayout() {
  const { maintenance, countries, unavailableCountry } = useLoaderData<StoreData>();
  const page = promoPageOf(useMatches().at(-1)?.id);
  const base = useBaseData();
  const navigation = useNavigation();
  const globalError = useGlobalGraphqlError();
  const intl = useIntl();
  const closed = maintenance.maintenanceMode && !maintenance.maintenanceAccessAllowed;
  useStorePageMeta();

  // A closed store shows its maintenance page even when a request of the page then fails (the API answers
  // 503 to everything but the maintenance fields while maintenance is on).
  let content = <Outlet />;
  if (closed) content = <MaintenancePage maintenance={maintenance} />;
  else if (globalError) content = <ErrorScreen errorId={globalError.errorId} />;

  return (
    <>
      <a className="skip-link" href="#main">{intl.formatMessage({ id: 'app.skipToContent' })}</a>
      <StoreHeader base={base} countries={countries} />
      {unavailableCountry && !closed ? <UnavailableCountryNotice country={unavailableCountry} /> : null}
      <main id="main" tabIndex={-1}>
        {/* Where the home's site banner is (the top of the page), on the pages the promo names. */}
        {!globalError && !closed ? <StorePromoBanners variables={promoBannerVariables(base.country, base.language)} page={page} basePath={base.basePath} /> : null}
        {content}
      </main>
      <StoreFooter basePath={base.basePath} />
      <ConsentBanner />
      {navigation.state === 'loading' ? <PageLoader label={intl.formatMessage({ id: 'app.loading' })} /> : null}
    </>
  );
}
