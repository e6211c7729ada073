import { PLAN_NAMES, type ProCustomAddon } from '@probe/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { AddonChoices } from '../addon-choices.tsx';
import { CurrentPlan } from '../current-plan.tsx';
import { addonChange, standing } from '../plan-rules.ts';
import { QuotePanel } from '../quote-panel.tsx';
import { useLongDate } from '../quote-summary.tsx';
import { RenewalForm } from '../renewal-form.tsx';
import { useCharge, type Changed } from '../use-charge.ts';
import { useChangeQuote } from '../use-quote.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { UpgradeDone } from '../upgrade-done.tsx';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';

export type ProCustomVariant = 'upgrade' | 'downgrade' | 'reactivation';

/** The variant a /pro-custom/{step}/ path names. */
export function variantOf(pathname: string): ProCustomVariant {
  const step = pathname.split('/').filter(Boolean).at(-1);
  return step === 'downgrade' || step === 'reactivation' ? step : 'upgrade';
}

/**
 * Pro Custom for an organization on it (spec §2 "Pro custom … upgrade, downgrade and reactivation
 * variants"), at /pro-custom/upgrade/, /downgrade/ and /reactivation/ beside the purchase flow's steps:
 * more add-ons now (charged for the rest of the period), fewer from the renewal (nothing charged now), or
 * an ended plan renewed with the add-ons it had.
 */
export function Component() {
  const t = useT();
  const variant = variantOf(useLocation().pathname);
  return (
    <UpgradeFrame title={t(`upgrade.proCustom.${variant}.title`)} pageView={() => PAGE_VIEWS.proCustom}>
      {(account) => <ProCustomChange account={account} variant={variant} />}
    </UpgradeFrame>
  );
}

function ProCustomChange({ account, variant }: { account: UpgradeAccount; variant: ProCustomVariant }) {
  const t = useT();
  const base = useBaseData();
  const [done, setDone] = useState<Changed | null>(null);
  const { subscription } = account;
  const ended = standing(subscription.status) === 'ended';
  if (done) return <UpgradeDone done={done} kind={variant === 'reactivation' ? 'renewal' : variant === 'downgrade' ? 'scheduled' : 'change'} />;
  if (subscription.planType !== 'PRO_CUSTOM') {
    return (
      <>
        <CurrentPlan account={account} />
        <Notice testId="pro-custom-other-plan" title={t('upgrade.proCustom.otherPlan', { plan: PLAN_NAMES[subscription.planType] })}>
          <p>{t('upgrade.proCustom.otherPlanText')}</p>
          <p><Link to={`${base.basePath}/upgrade/`}>{t('upgrade.seeLarger')}</Link></p>
        </Notice>
      </>
    );
  }
  if (variant === 'reactivation') {
    if (!ended) {
      return (
        <>
          <CurrentPlan account={account} />
          <Notice testId="upgrade-active" title={t('upgrade.expired.active')}>
            <p><Link to={`${base.basePath}/pro-custom/upgrade/`}>{t('upgrade.proCustom.upgrade.title')}</Link></p>
            <p><Link to={`${base.basePath}/pro-custom/downgrade/`}>{t('upgrade.proCustom.downgrade.title')}</Link></p>
          </Notice>
        </>
      );
    }
    return (
      <>
        <CurrentPlan account={account} />
        <RenewalForm account={account} onDone={setDone} actionLabel={t('upgrade.expired.renew')} />
      </>
    );
  }
  if (ended) {
    return (
      <Notice testId="upgrade-ended" title={t('upgrade.ended.title')}>
        <p>{t('upgrade.ended.text')}</p>
        <p><Link className="button" to={`${base.basePath}/pro-custom/reactivation/`}>{t('upgrade.ended.renew')}</Link></p>
      </Notice>
    );
  }
  return (
    <>
      <CurrentPlan account={account} />
      <AddonsForm account={account} variant={variant} onDone={setDone} />
    </>
  );
}

function AddonsForm({ account, variant, onDone }: { account: UpgradeAccount; variant: 'upgrade' | 'downgrade'; onDone: (changed: Changed) => void }) {
  const t = useT();
  const base = useBaseData();
  const intl = useIntl();
  const date = useLongDate();
  const { subscription, organization } = account;
  const current = subscription.proCustomFeatures;
  const [chosen, setChosen] = useState<ProCustomAddon[]>(variant === 'downgrade' ? [...current] : []);
  const next = addonChange(variant, current, chosen);
  const quote = useChangeQuote(organization.id, next ? { plan: 'PRO_CUSTOM', proCustomFeatures: next } : null);
  const charge = useCharge(organization.id, { pricesChanged: quote.refetch, done: onDone });
  const { clear } = charge;
  const fingerprint = next?.join() ?? '';
  useEffect(() => clear(), [fingerprint, clear]);
  const nothingToChoose = variant === 'upgrade' ? current.length === 4 : current.length < 2;
  if (nothingToChoose) {
    return (
      <Notice testId="pro-custom-nothing" title={t(variant === 'upgrade' ? 'upgrade.proCustom.allAddons' : 'upgrade.proCustom.oneAddon')}>
        <p><Link to={`${base.basePath}/subscription/`}>{t('upgrade.toSubscription')}</Link></p>
      </Notice>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next || !quote.quote || charge.sending) return;
    void charge.submit({ kind: 'change', input: { plan: 'PRO_CUSTOM', proCustomFeatures: next }, expectedAmount: quote.quote.amount.fractionalAmount });
  };
  return (
    <form className="upgrade-form" onSubmit={submit} noValidate>
      <div className="upgrade-form__choices">
        {variant === 'upgrade'
          ? <AddonChoices legend={t('upgrade.proCustom.upgrade.legend')} chosen={chosen} onChange={setChosen} locked={current} />
          : <AddonChoices legend={t('upgrade.proCustom.downgrade.legend')} chosen={chosen} onChange={setChosen} offered={current} />}
        {subscription.scheduledProCustomFeatures ? (
          <p className="upgrade-muted" data-testid="pro-custom-scheduled">
            {t('upgrade.proCustom.alreadyScheduled', {
              addons: intl.formatList(subscription.scheduledProCustomFeatures.map((a) => t(`proCustom.addon.${a}`)), { type: 'conjunction' }),
              date: date(subscription.currentPeriodEnd),
            })}
          </p>
        ) : null}
      </div>
      <QuotePanel quote={quote} kind="change" currentPlan={PLAN_NAMES.PRO_CUSTOM} sending={charge.sending} errors={charge.errors} operation="ChangeSubscription"
        fields={[]} waiting={t(variant === 'upgrade' ? 'upgrade.proCustom.pickMore' : 'upgrade.proCustom.pickFewer')}
        actionLabel={t(variant === 'upgrade' ? 'upgrade.upgradeNow' : 'upgrade.proCustom.schedule')} />
    </form>
  );
}
