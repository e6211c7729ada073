import { useQuery } from '@apollo/client/react';
import { languageCodeEnum, type KnownCountry, type Language } from '@probe/domain';
import { useEffect, useState } from 'react';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { AUTHORIZED_USER_SHOP, type CardVariant } from './operations.ts';

/**
 * The Team plan a signed-in buyer may buy themselves (spec 6 and 7): read with AuthorizedUserShop once the
 * browser knows a valid sign-in (never on the server, never anonymously), in the store's market; null while
 * unknown, for a visitor, or where the country's permissions do not sell team plans.
 */
export function useAuthorizedTeam(where: { country: KnownCountry; languageCode: Language }, market: 'HUMAN' | 'VETERINARY' = 'HUMAN'): CardVariant | null {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(validAuthToken((error) => void reportError(error, { source: 'auth-token' })) !== null), []);
  const { data } = useQuery(AUTHORIZED_USER_SHOP, {
    variables: { country: where.country, languageCode: languageCodeEnum(where.languageCode) },
    skip: !signedIn,
    fetchPolicy: 'network-only',
  });
  return data?.shop.catalogue.team.find((v) => v.market === market && v.billingPeriod === 'ANNUAL' && v.pricing) ?? null;
}
