import { PLAN_NAMES } from '@probe/domain';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { Money } from '../../ui/money.tsx';
import { isSeated } from './plan-rules.ts';
import { useLongDate } from './quote-summary.tsx';
import type { Changed } from './use-charge.ts';
import { useT } from './use-t.ts';

/**
 * The confirmation after a change or a renewal, from the server's answer: the plan, its seats or add-ons,
 * what was charged, and the period; focused when it appears, with the way to the subscription page.
 */
export function UpgradeDone({ done, kind }: { done: Changed; kind: 'change' | 'renewal' | 'scheduled' }) {
  const t = useT();
  const intl = useIntl();
  const base = useBaseData();
  const date = useLongDate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const subscription = done.subscription;
  const addons = kind === 'scheduled' ? subscription?.scheduledProCustomFeatures : subscription?.proCustomFeatures;
  return (
    <section className="upgrade-card upgrade-done" aria-labelledby="upgrade-done-title" data-testid="upgrade-done">
      <h2 id="upgrade-done-title" ref={heading} tabIndex={-1}>{t(`upgrade.done.${kind}`)}</h2>
      {subscription ? (
        <dl className="upgrade-facts">
          <div><dt>{t('account.plan')}</dt><dd data-testid="done-plan">{PLAN_NAMES[subscription.planType]}</dd></div>
          {isSeated(subscription.planType) ? <div><dt>{t('account.seats')}</dt><dd data-testid="done-seats">{t('upgrade.seatsValue', { seats: subscription.seats })}</dd></div> : null}
          {addons?.length ? <div><dt>{t('upgrade.addons')}</dt><dd>{intl.formatList(addons.map((a) => t(`proCustom.addon.${a}`)), { type: 'conjunction' })}</dd></div> : null}
          <div>
            <dt>{t('upgrade.done.charged')}</dt>
            <dd data-testid="done-charged">{done.charged && done.charged.fractionalAmount > 0 ? <Money amount={done.charged.fractionalAmount} currency={done.charged.currency} /> : t('upgrade.done.nothingCharged')}</dd>
          </div>
          <div><dt>{t(kind === 'renewal' ? 'upgrade.done.periodEnd' : 'upgrade.quote.renewalDate')}</dt><dd data-testid="done-period-end">{date(subscription.currentPeriodEnd)}</dd></div>
        </dl>
      ) : null}
      <p><Link className="button" to={`${base.basePath}/subscription/`}>{t('upgrade.toSubscription')}</Link></p>
    </section>
  );
}
