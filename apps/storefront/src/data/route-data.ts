import type { KnownCountry, Language, UrlLanguage } from '@probe/domain';
import { useRouteLoaderData } from 'react-router';
import type { CountryFields, MaintenanceFields, ShopFields } from './shop-operations.ts';

/** What the base-path route /{countryCode}/{language} resolves for every screen under it. */
export interface BaseData {
  country: KnownCountry;
  language: UrlLanguage;
  languageCode: Language;
  locale: string;
  dir: 'ltr' | 'rtl';
  basePath: string;
  /** The site's origin, for absolute canonical and hreflang links. */
  origin: string;
}

/** What the store root loads for every store screen (spec §2 `*`). */
export interface StoreData {
  maintenance: MaintenanceFields;
  shop: ShopFields['shop'];
  countries: CountryFields[];
  /** The country the visitor was redirected away from, by name, while the notice is not dismissed. */
  unavailableCountry: { code: string; name: string } | null;
}

/** The base route's data; every screen renders under it. */
export function useBaseData(): BaseData {
  return useRouteLoaderData<BaseData>('base')!;
}

/** The store root's data; undefined outside the store (the forms variant). */
export function useStoreData(): StoreData | undefined {
  return useRouteLoaderData<StoreData>('store');
}
