import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SubscriptionStatus } from '../../graphql/generated.ts';
import type { ManagedSubscription } from './operations.ts';
import { needsRenewal, upgradeLinks } from './rules.ts';

/** The message that says what the subscription's state means, for this subscription. */
export function statusMessageId(status: SubscriptionStatus | null, sub: Pick<ManagedSubscription, 'term' | 'currentPeriodEnd'>, autoRenew: boolean): string | null {
  if (!status) return null;
  if (status === 'PAST_DUE' || status === 'CANCELED') return `subscription.meaning.${status}`;
  if (sub.term === 'FOREVER' || !sub.currentPeriodEnd) return 'subscription.meaning.FOREVER';
  return `subscription.meaning.${status}.${autoRenew ? 'renews' : 'ends'}`;
}

/**
 * What the state means and, when the subscription needs it, what to do: an unpaid renewal is fixed
 * by a working primary method and renewing now; an ended one is renewed.
 */
export function StatusNotice({ subscription, status, autoRenew, isAdmin, basePath }: {
  subscription: ManagedSubscription; status: SubscriptionStatus | null; autoRenew: boolean; isAdmin: boolean; basePath: string;
}) {
  const intl = useIntl();
  const id = statusMessageId(status, subscription, autoRenew);
  if (!id) return null;
  const date = subscription.currentPeriodEnd ? intl.formatDate(subscription.currentPeriodEnd, { dateStyle: 'long' }) : '';
  const urgent = needsRenewal(status);
  const [renew] = upgradeLinks(subscription.planType, status);
  return (
    <div className={urgent ? 'subscription-notice subscription-notice--urgent' : 'subscription-notice'} data-testid="subscription-meaning">
      <p>{intl.formatMessage({ id }, { date, count: subscription.renewalFailures })}</p>
      {urgent && isAdmin && renew ? (
        <p className="subscription-notice__actions">
          <Link className="button" to={`${basePath}${renew.path}`}>{intl.formatMessage({ id: `subscription.link.${renew.key}` })}</Link>
          {status === 'PAST_DUE' ? <Link to={`${basePath}/account/payment-methods/`}>{intl.formatMessage({ id: 'subscription.manageMethods' })}</Link> : null}
        </p>
      ) : null}
    </div>
  );
}
