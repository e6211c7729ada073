import type { LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../data/apollo-context.ts';
import { orFail } from '../../lib/loader-failure.ts';
import { catalogueVariables } from '../../lib/route-locale.ts';
import { UPGRADE_CATALOGUE, type UpgradeCatalogue } from './operations.ts';

/**
 * The upgrade pages' loader: the seat ranges and extra probes of the route's country, rendered on the
 * server (the organization itself is read in the browser, where the token is).
 */
export async function loadUpgradeCatalogue({ params, request, context }: LoaderFunctionArgs): Promise<UpgradeCatalogue> {
  const { country, languageCode } = catalogueVariables(params, request);
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: UPGRADE_CATALOGUE, variables: { country, languageCode } }));
  return data.shop;
}
