import type { LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../data/apollo-context.ts';
import { GROUP_CARDS } from './operations.ts';
import { orFail } from '../../lib/loader-failure.ts';
import { catalogueVariables } from '../../lib/route-locale.ts';

/** Loads one catalogue group as cards, priced for the route's country and language. */
export async function loadGroupCards({ params, request, context }: LoaderFunctionArgs, group: 'ACCESSORIES' | 'BUNDLE') {
  const variables = { ...catalogueVariables(params, request), group };
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: GROUP_CARDS, variables }));
  return data.shop.catalogue;
}
