import { gql, type TypedDocumentNode } from '@apollo/client';

/** The store shell's operations (spec §7): countries, geolocation, maintenance and the shop. One document per operation. */

export interface CountryFields {
  code: string;
  country: string;
}

export const ENABLED_COUNTRIES: TypedDocumentNode<{ shop: { countries: CountryFields[] } }, { languageCode?: string }> = gql`
  query EnabledCountries($languageCode: LanguageCodeEnum) {
    shop {
      countries(languageCode: $languageCode) {
        code
        country
      }
    }
  }
`;

export const GEOLOCALIZATION: TypedDocumentNode<{ shop: { geolocalization: { country: CountryFields | null } } }> = gql`
  query Geolocalization {
    shop {
      geolocalization {
        country {
          code
          country
        }
      }
    }
  }
`;

export interface MaintenanceFields {
  maintenanceMode: boolean;
  maintenanceAccessAllowed: boolean;
  maintenancePageHeader: string | null;
  maintenancePageContent: string | null;
  maintenancePageUrl: string | null;
}

export const MAINTENANCE: TypedDocumentNode<{ shop: MaintenanceFields }> = gql`
  query MaintenanceQuery {
    shop {
      maintenanceMode
      maintenanceAccessAllowed
      maintenancePageHeader
      maintenancePageContent
      maintenancePageUrl
    }
  }
`;

export interface ShopFields {
  shop: {
    storeType: 'IQ' | 'VET';
    catalogue: { currency: string; displayGrossPrices: boolean; isDevicePriced: boolean };
  };
}

/**
 * Shop (spec §7): the shop data the store root loads for a country and language. The screens of the
 * browsing issue add their fields here; it never selects the groups restricted to signed-in users.
 */
export const SHOP: TypedDocumentNode<ShopFields, { country: string; languageCode: string; voucherCode?: string | null }> = gql`
  query Shop($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
    shop {
      storeType
      catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
        currency
        displayGrossPrices
        isDevicePriced
      }
    }
  }
`;

export interface TaxedFields {
  currency: string;
  net: { fractionalAmount: number };
  gross: { fractionalAmount: number };
}
