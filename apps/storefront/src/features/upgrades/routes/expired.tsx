import { PLAN_NAMES } from '@probe/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { CurrentPlan } from '../current-plan.tsx';
import { standing } from '../plan-rules.ts';
import { useLongDate } from '../quote-summary.tsx';
import { RenewalForm } from '../renewal-form.tsx';
import type { Changed } from '../use-charge.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { UpgradeDone } from '../upgrade-done.tsx';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';

/**
 * Expired /upgrade/expired/ (spec §2 upgrade, expired): a subscription that ended (or whose renewal
 * payment failed) is renewed now for its price, to the saved method; a new period starts. An active
 * subscription is told it is active.
 */
export function Component() {
  const t = useT();
  return (
    <UpgradeFrame title={t('upgrade.expired.title')} pageView={() => PAGE_VIEWS.upgradeExpired}>
      {(account) => <Renew account={account} />}
    </UpgradeFrame>
  );
}

function Renew({ account }: { account: UpgradeAccount }) {
  const t = useT();
  const base = useBaseData();
  const date = useLongDate();
  const [done, setDone] = useState<Changed | null>(null);
  const { subscription } = account;
  if (done) return <UpgradeDone done={done} kind="renewal" />;
  if (standing(subscription.status) !== 'ended') {
    return (
      <Notice testId="upgrade-active" title={t('upgrade.expired.active')}>
        <p>{t('upgrade.expired.activeText', { plan: PLAN_NAMES[subscription.planType], date: date(subscription.currentPeriodEnd) })}</p>
        <p><Link className="button" to={`${base.basePath}/subscription/`}>{t('upgrade.toSubscription')}</Link></p>
      </Notice>
    );
  }
  const what = subscription.status === 'PAST_DUE' ? 'upgrade.expired.pastDue' : 'upgrade.expired.ended';
  return (
    <>
      <p className="upgrade-alert" role="note" data-testid="upgrade-expired-what">{t(what, { plan: PLAN_NAMES[subscription.planType], date: date(subscription.currentPeriodEnd) })}</p>
      <CurrentPlan account={account} />
      <RenewalForm account={account} onDone={setDone} actionLabel={t('upgrade.expired.renew')} />
    </>
  );
}
