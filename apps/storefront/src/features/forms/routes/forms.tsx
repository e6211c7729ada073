import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../../data/apollo-context.ts';
import { ENABLED_COUNTRIES } from '../../../data/shop-operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';

/** The forms variant (spec §2 `form/*`): loads the enabled countries. The forms themselves come later. */
export async function formsLoader({ context }: LoaderFunctionArgs): Promise<{ countryCount: number }> {
  const { data } = await orFail('Failed to load countries', () => context.get(apolloContext).query({ query: ENABLED_COUNTRIES }));
  return { countryCount: data!.shop.countries.length };
}

export function FormsPage() {
  const intl = useIntl();
  const { countryCount } = useLoaderData<typeof formsLoader>();
  usePageTitle(intl.formatMessage({ id: 'forms.title' }));
  return (
    <main id="main" className="container forms-page" data-testid="forms-page">
      <h1>{intl.formatMessage({ id: 'forms.title' })}</h1>
      <p>{intl.formatMessage({ id: 'forms.text' })}</p>
      <p>{intl.formatMessage({ id: 'forms.countries' }, { count: countryCount })}</p>
    </main>
  );
}
