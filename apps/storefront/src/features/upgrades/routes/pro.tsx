import { PLAN_NAMES } from '@probe/domain';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { CurrentPlan } from '../current-plan.tsx';
import type { UpgradeCatalogue } from '../operations.ts';
import { PlanChangeForm } from '../plan-change-form.tsx';
import { BELOW_PRO } from '../plan-rules.ts';
import type { Changed } from '../use-charge.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { UpgradeDone } from '../upgrade-done.tsx';
import { unchangeableNotice } from '../notices.tsx';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';
import { loadUpgradeCatalogue } from '../upgrade-catalogue.ts';

export const loader = (args: LoaderFunctionArgs) => loadUpgradeCatalogue(args);

/**
 * Upgrade to Pro /upgrade/pro/ (spec §2 upgrade, pro): from a smaller plan (Core, Basic, Education) to
 * Pro, the main page's flow with the plan fixed. An organization on Pro or a larger plan is told so.
 */
export function Component() {
  const t = useT();
  const shop = useLoaderData<typeof loader>();
  return (
    <UpgradeFrame title={t('upgrade.pro.title')} pageView={() => PAGE_VIEWS.upgradeUser}>
      {(account) => <ProUpgrade account={account} shop={shop} />}
    </UpgradeFrame>
  );
}

function ProUpgrade({ account, shop }: { account: UpgradeAccount; shop: UpgradeCatalogue }) {
  const t = useT();
  const base = useBaseData();
  const [done, setDone] = useState<Changed | null>(null);
  const { subscription } = account;
  if (done) return <UpgradeDone done={done} kind="change" />;
  const unchangeable = unchangeableNotice(subscription.status);
  if (unchangeable) return unchangeable;
  if (!BELOW_PRO.includes(subscription.planType)) {
    return (
      <>
        <CurrentPlan account={account} />
        <Notice testId="upgrade-already-pro" title={t('upgrade.pro.already', { plan: PLAN_NAMES[subscription.planType] })}>
          <p>{t('upgrade.pro.alreadyText')}</p>
          <p><Link to={`${base.basePath}/upgrade/`}>{t('upgrade.seeLarger')}</Link></p>
        </Notice>
      </>
    );
  }
  return (
    <>
      <CurrentPlan account={account} />
      <PlanChangeForm account={account} targets={['INDIVIDUAL']} shop={shop} onDone={setDone} />
    </>
  );
}
