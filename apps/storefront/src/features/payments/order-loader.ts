import { data, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../data/apollo-context.ts';
import { orFail } from '../../lib/loader-failure.ts';
import { ORDER_BY_TOKEN, type OrderFields } from '../checkout/operations.ts';

/**
 * The loader of the pages that show one order by its token (the token is the access key, as on the order
 * payment page): payment details and the order payment confirmation. An unknown token is a 404.
 */
export async function orderByTokenLoader({ params, context }: LoaderFunctionArgs): Promise<OrderFields> {
  const { data: answer } = await orFail('Failed to load order', () =>
    context.get(apolloContext).query({ query: ORDER_BY_TOKEN, variables: { token: params.orderToken ?? '' }, fetchPolicy: 'no-cache' }));
  if (!answer.orderByToken) throw data(null, { status: 404, statusText: 'Not Found' });
  return answer.orderByToken;
}
