import { PLAN_NAMES } from '@probe/domain';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { CurrentPlan } from '../current-plan.tsx';
import type { UpgradeCatalogue } from '../operations.ts';
import { PlanChangeForm } from '../plan-change-form.tsx';
import { isSeated, largerPlans } from '../plan-rules.ts';
import type { Changed } from '../use-charge.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { UpgradeDone } from '../upgrade-done.tsx';
import { unchangeableNotice } from '../notices.tsx';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';
import { loadUpgradeCatalogue } from '../upgrade-catalogue.ts';

export const loader = (args: LoaderFunctionArgs) => loadUpgradeCatalogue(args);

/**
 * Upgrade /upgrade/ (spec §2 upgrade, main): an admin of an organization with an active subscription
 * moves to a larger plan (Pro → Team or Clinic, Team → Clinic) with its seats, charged now for the rest
 * of the period. A smaller plan is scheduled on the subscription page instead.
 */
export function Component() {
  const t = useT();
  const shop = useLoaderData<typeof loader>();
  return (
    <UpgradeFrame title={t('upgrade.title')} pageView={(o) => (o?.planType === 'TEAM' ? PAGE_VIEWS.upgradeTeam : PAGE_VIEWS.upgradeUser)}>
      {(account) => <MainUpgrade account={account} shop={shop} />}
    </UpgradeFrame>
  );
}

function MainUpgrade({ account, shop }: { account: UpgradeAccount; shop: UpgradeCatalogue }) {
  const t = useT();
  const base = useBaseData();
  const [done, setDone] = useState<Changed | null>(null);
  const { subscription } = account;
  if (done) return <UpgradeDone done={done} kind="change" />;
  const unchangeable = unchangeableNotice(subscription.status);
  if (unchangeable) return unchangeable;
  const targets = largerPlans(subscription.planType);
  return (
    <>
      <CurrentPlan account={account} />
      {targets.length ? <PlanChangeForm account={account} targets={targets} shop={shop} onDone={setDone} /> : (
        <Notice testId="upgrade-largest" title={t('upgrade.largest.title', { plan: PLAN_NAMES[subscription.planType] })}>
          <p>{t('upgrade.largest.text')} <Link to={`${base.basePath}/form/team/`} data-testid="contact-sales">{t('plans.team.cta')}</Link></p>
          {isSeated(subscription.planType) ? <p><Link to={`${base.basePath}/upgrade/license/`}>{t('upgrade.addSeats')}</Link></p> : null}
        </Notice>
      )}
      <p className="upgrade-aside">{t('upgrade.smallerPlan')} <Link to={`${base.basePath}/subscription/`}>{t('upgrade.toSubscription')}</Link></p>
    </>
  );
}
