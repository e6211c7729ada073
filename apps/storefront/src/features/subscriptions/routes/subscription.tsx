import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useSignedIn } from '../../account/use-signed-in.ts';
import { SUBSCRIPTION_MANAGEMENT } from '../operations.ts';
import { defaultMembershipId } from '../rules.ts';
import { SubscriptionPanel } from '../subscription-panel.tsx';
import '../../account/account.css';
import '../../checkout/routes/checkout.css';
import '../subscriptions.css';
import { failOnUserData } from '../../account/user-data-failure.ts';

/** The query parameter naming the membership shown, so a reload or a shared link keeps the choice. */
const CHOICE = 'membership';

/**
 * Subscription management /{cc}/{lang}/subscription/: the subscription of one of the signed-in user's
 * organizations (a choice when they have several; the first they administer by default). Read in the
 * browser, where the token lives; a signed-out visitor is sent to sign in, as from my account.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const selectId = useId();
  usePageTitle(`${t('subscription.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  const signedIn = useSignedIn(base.language);
  // Always from the server: the cache kept in local storage may predate a change just made or a renewal.
  const { data, error } = useQuery(SUBSCRIPTION_MANAGEMENT, { skip: signedIn !== 'yes', fetchPolicy: 'network-only' });
  failOnUserData(error);
  const [params, setParams] = useSearchParams();
  const memberships = data?.me?.organizationMemberships ?? [];
  const chosen = memberships.find((m) => m.id === params.get(CHOICE)) ?? memberships.find((m) => m.id === defaultMembershipId(memberships));

  const back = <p className="subscription-back"><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>;
  if (!data?.me) {
    return (
      <div className="container page account-page subscription-page">
        <h1>{t('subscription.title')}</h1>
        {error || (data && !data.me) ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
      </div>
    );
  }
  return (
    <div className="container page account-page subscription-page">
      <h1>{t('subscription.title')}</h1>
      {memberships.length > 1 ? (
        <div className="field subscription-choice">
          <label htmlFor={selectId}>{t('subscription.organization')}</label>
          <select id={selectId} value={chosen?.id} data-testid="organization-choice"
            onChange={(e) => setParams((p) => { p.set(CHOICE, e.target.value); return p; }, { replace: true, preventScrollReset: true })}>
            {memberships.map((m) => <option key={m.id} value={m.id}>{m.organization.name}</option>)}
          </select>
        </div>
      ) : null}
      {chosen ? <SubscriptionPanel key={chosen.id} membership={chosen} basePath={base.basePath} /> : <p>{t('account.noOrganizations')}</p>}
      {back}
    </div>
  );
}
