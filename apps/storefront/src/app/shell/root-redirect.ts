import type { LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../data/apollo-context.ts';
import { redirectTo, resolveRequestPath } from '../resolve-path.ts';

/** `/`, `*` and `form/*` without a country prefix: send to the prefixed path (spec §2). */
export async function rootRedirectLoader({ request, context }: LoaderFunctionArgs): Promise<Response> {
  const result = await resolveRequestPath(context.get(apolloContext), new URL(request.url));
  // A path outside the base path can never resolve as it is; the rule always redirects it.
  if (result.kind === 'ok') throw new Error(`unreachable: ${request.url} resolved without a prefix`);
  throw redirectTo(result);
}
