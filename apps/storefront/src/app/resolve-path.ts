import type { ApolloClient } from '@apollo/client';
import { resolveBasePath, UNAVAILABLE_COUNTRY_COOKIE, type BasePathResult } from '@probe/domain';
import { redirect } from 'react-router';
import { ENABLED_COUNTRIES, GEOLOCALIZATION } from '../data/shop-operations.ts';
import { serializeCookie } from '../lib/cookies.ts';
import { orFail } from '../lib/loader-failure.ts';

/**
 * Applies spec §2's base-path rules to a request. Geolocation is asked for only when a path cannot be
 * served as it is, so a valid path costs one cached query. Whether a country's devices are priced is
 * known only with its shop data: the store root checks it (`isDevicePriced`) and redirects from there.
 */
export async function resolveRequestPath(client: ApolloClient, url: URL): Promise<BasePathResult> {
  await orFail('Failed to load countries', () => client.query({ query: ENABLED_COUNTRIES }));
  const input = { pathname: url.pathname, search: url.search, hash: url.hash, isPriced: () => true };
  const first = resolveBasePath(input);
  if (first.kind === 'ok' || (first.reason !== 'no-prefix' && first.reason !== 'invalid-prefix')) return first;
  const geo = await orFail('Failed to load geolocalization', () => client.query({ query: GEOLOCALIZATION }));
  return resolveBasePath({ ...input, geoCountry: geo.data?.shop.geolocalization.country?.code ?? null });
}

/** The redirect for a resolved path; a country the store cannot serve is remembered for a notice. */
export function redirectTo(result: Extract<BasePathResult, { kind: 'redirect' }>): Response {
  if (!result.unavailableCountry) return redirect(result.to);
  const cookie = serializeCookie(UNAVAILABLE_COUNTRY_COOKIE, result.unavailableCountry, 24 * 60 * 60);
  if (typeof document !== 'undefined') document.cookie = cookie;
  return redirect(result.to, { headers: { 'set-cookie': cookie } });
}
