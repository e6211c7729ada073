import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PLAN_NAMES } from '@probe/domain';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { CurrentPlan } from '../current-plan.tsx';
import { unchangeableNotice } from '../notices.tsx';
import type { UpgradeCatalogue } from '../operations.ts';
import { seatRange } from '../plan-change-form.tsx';
import { parseSeats } from '../plan-rules.ts';
import { QuotePanel } from '../quote-panel.tsx';
import { SeatsField } from '../seats-field.tsx';
import { useCharge, type Changed } from '../use-charge.ts';
import { useChangeQuote } from '../use-quote.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { UpgradeDone } from '../upgrade-done.tsx';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';
import { loadUpgradeCatalogue } from '../upgrade-catalogue.ts';

export const loader = (args: LoaderFunctionArgs) => loadUpgradeCatalogue(args);

/**
 * Additional licenses /upgrade/license/ (spec §2 upgrade, license): more seats on a Team or Clinic plan,
 * within the shop's range for the plan, charged now for the rest of the period.
 */
export function Component() {
  const t = useT();
  const shop = useLoaderData<typeof loader>();
  return (
    <UpgradeFrame title={t('upgrade.license.title')} pageView={() => PAGE_VIEWS.additionalLicenses}>
      {(account) => <AddSeats account={account} shop={shop} />}
    </UpgradeFrame>
  );
}

function AddSeats({ account, shop }: { account: UpgradeAccount; shop: UpgradeCatalogue }) {
  const t = useT();
  const base = useBaseData();
  const [done, setDone] = useState<Changed | null>(null);
  const { subscription } = account;
  const range = seatRange(shop, subscription.planType);
  if (done) return <UpgradeDone done={done} kind="change" />;
  const unchangeable = unchangeableNotice(subscription.status);
  if (unchangeable) return unchangeable;
  if (!range) {
    return (
      <>
        <CurrentPlan account={account} />
        <Notice testId="upgrade-not-seated" title={t('upgrade.license.notSeated', { plan: PLAN_NAMES[subscription.planType] })}>
          <p>{t('upgrade.license.notSeatedText')}</p>
          <p><Link className="button" to={`${base.basePath}/upgrade/`}>{t('upgrade.seeLarger')}</Link></p>
        </Notice>
      </>
    );
  }
  const room = range.maxSeats - subscription.seats;
  return (
    <>
      <CurrentPlan account={account} />
      {room > 0 ? <SeatsForm account={account} room={room} onDone={setDone} /> : (
        <Notice testId="upgrade-full" title={t('upgrade.license.full', { max: range.maxSeats })}>
          <p>{t('upgrade.largest.text')} <Link to={`${base.basePath}/form/team/`} data-testid="contact-sales">{t('plans.team.cta')}</Link></p>
        </Notice>
      )}
    </>
  );
}

function SeatsForm({ account, room, onDone }: { account: UpgradeAccount; room: number; onDone: (changed: Changed) => void }) {
  const t = useT();
  const { subscription, organization } = account;
  const [addText, setAddText] = useState('1');
  const add = parseSeats(addText);
  const input = add === null ? null : { plan: subscription.planType, seats: subscription.seats + add };
  const quote = useChangeQuote(organization.id, input);
  const charge = useCharge(organization.id, { pricesChanged: quote.refetch, done: onDone });
  const { clear } = charge;
  useEffect(() => clear(), [add, clear]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input || !quote.quote || charge.sending) return;
    void charge.submit({ kind: 'change', input, expectedAmount: quote.quote.amount.fractionalAmount });
  };
  return (
    <form className="upgrade-form" onSubmit={submit} noValidate>
      <div className="upgrade-form__choices">
        <SeatsField label={t('upgrade.license.addLabel')} hint={t('upgrade.license.addHint', { seats: subscription.seats, room })}
          value={addText} onChange={setAddText} min={1} max={room} errors={[...quote.errors, ...charge.errors]} operation="ChangeSubscription"
          invalidNumber={addText.trim() !== '' && add === null} />
        {input ? <p className="upgrade-muted" data-testid="license-total">{t('upgrade.license.total', { seats: input.seats })}</p> : null}
      </div>
      <QuotePanel quote={quote} kind="change" currentPlan={PLAN_NAMES[subscription.planType]} actionLabel={t('upgrade.license.submit')}
        sending={charge.sending} errors={charge.errors} operation="ChangeSubscription" fields={['seats']} waiting={t('upgrade.quote.enterSeats')} />
    </form>
  );
}
