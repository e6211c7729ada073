import { PLAN_NAMES } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Money } from '../../ui/money.tsx';
import { isSeated, standing } from './plan-rules.ts';
import { useLongDate } from './quote-summary.tsx';
import type { UpgradeAccount } from './use-upgrade-account.ts';
import { useT } from './use-t.ts';

/** The organization's plan as it is now: plan, seats or add-ons (or probes), price per year, and when it renews or ended. */
export function CurrentPlan({ account, showProbes = false }: { account: UpgradeAccount; showProbes?: boolean }) {
  const t = useT();
  const intl = useIntl();
  const date = useLongDate();
  const { subscription } = account;
  const ended = standing(subscription.status) === 'ended';
  const addons = subscription.proCustomFeatures;
  return (
    <section className="upgrade-card upgrade-current" aria-labelledby="upgrade-current-title" data-testid="upgrade-current">
      <h2 id="upgrade-current-title">{t('upgrade.current.title')}</h2>
      <dl className="upgrade-facts">
        <div><dt>{t('account.plan')}</dt><dd data-testid="current-plan">{PLAN_NAMES[subscription.planType]}</dd></div>
        {isSeated(subscription.planType) ? <div><dt>{t('account.seats')}</dt><dd data-testid="current-seats">{t('upgrade.seatsValue', { seats: subscription.seats })}</dd></div> : null}
        {showProbes ? <div><dt>{t('upgrade.current.probes')}</dt><dd data-testid="current-devices">{intl.formatNumber(subscription.devices)}</dd></div> : null}
        {addons.length ? <div><dt>{t('upgrade.addons')}</dt><dd data-testid="current-addons">{intl.formatList(addons.map((a) => t(`proCustom.addon.${a}`)), { type: 'conjunction' })}</dd></div> : null}
        <div><dt>{t('upgrade.current.price')}</dt><dd><Money amount={subscription.currentPrice.fractionalAmount} currency={subscription.currentPrice.currency} /></dd></div>
        <div>
          <dt>{t(ended ? (subscription.status === 'PAST_DUE' ? 'upgrade.current.pastDueSince' : 'upgrade.current.endedOn') : 'upgrade.current.renewsOn')}</dt>
          <dd data-testid="current-period-end">{date(subscription.currentPeriodEnd)}</dd>
        </div>
      </dl>
    </section>
  );
}
