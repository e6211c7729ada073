import { gql, type TypedDocumentNode } from '@apollo/client';

/** One document per operation, named as spec §7 names it. */

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
