import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { data, Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../../data/apollo-context.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { currentCheckout } from '../../checkout/cart-session.ts';
import { REFERRER } from '../operations.ts';
import { carryReferral, rememberReferral } from '../pending-referral.ts';
import './refer.css';

/** Spec §2 /refer/{token}/: who referred the visitor; a link nobody holds is the store's not-found page. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { data: answer } = await orFail('Failed to load referral', () =>
    context.get(apolloContext).query({ query: REFERRER, variables: { token: params.token ?? '' }, fetchPolicy: 'no-cache' }));
  if (!answer.referrer) throw data(null, { status: 404, statusText: 'Not Found' });
  return { referrer: answer.referrer };
}

type State = 'idle' | 'saving' | 'saved' | 'failed';

export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const client = useApolloClient();
  const { token = '' } = useParams();
  const { referrer } = useLoaderData<typeof loader>();
  const [state, setState] = useState<State>('idle');
  const name = referrer.name ?? referrer.organizationName;
  usePageTitle(`${t('refer.title', { name })} · ${t('app.brand')}`);

  // The referral is kept for the cart; an open cart carries it at once.
  const shopWithReferral = async () => {
    setState('saving');
    rememberReferral(token);
    try {
      const cart = await currentCheckout(client, base.country);
      if (cart) await carryReferral(client, cart.token);
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="container page refer-page">
      <h1>{t('refer.title', { name })}</h1>
      <p className="page__lead">{t('refer.lead', { name, organization: referrer.organizationName })}</p>
      <div className="refer-page__actions">
        <button type="button" className="button" onClick={shopWithReferral} disabled={state === 'saving' || state === 'saved'} aria-busy={state === 'saving'}>{t('refer.use')}</button>
        <Link className="button button--ghost" to={`${base.basePath}/iq/`}>{t('refer.browse')}</Link>
      </div>
      <p role="status" className="refer-page__status">
        {state === 'saved' ? t('refer.saved') : state === 'failed' ? <span className="field__error">{t('cart.loadFailed')}</span> : ''}
      </p>
    </div>
  );
}
