import type { SubscriptionStatus } from '@probe/domain';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { standing } from './plan-rules.ts';
import { Notice } from './upgrade-frame.tsx';
import { useT } from './use-t.ts';

/** An ended or past-due subscription is renewed first. */
export function EndedNotice() {
  const t = useT();
  const base = useBaseData();
  return (
    <Notice testId="upgrade-ended" title={t('upgrade.ended.title')}>
      <p>{t('upgrade.ended.text')}</p>
      <p><Link className="button" to={`${base.basePath}/upgrade/expired/`}>{t('upgrade.ended.renew')}</Link></p>
    </Notice>
  );
}

/** A trial becomes a plan by buying it, not by a change. */
export function TrialNotice() {
  const t = useT();
  const base = useBaseData();
  return (
    <Notice testId="upgrade-trial" title={t('upgrade.trial.title')}>
      <p>{t('upgrade.trial.text')}</p>
      <p><Link className="button" to={`${base.basePath}/pricing/`}>{t('upgrade.seePricing')}</Link></p>
    </Notice>
  );
}

/** What the change pages show instead of a form when the subscription cannot be changed now; null when it can. */
export function unchangeableNotice(status: SubscriptionStatus): ReactElement | null {
  if (standing(status) === 'ended') return <EndedNotice />;
  if (status === 'TRIALING') return <TrialNotice />;
  return null;
}
