import { PLAN_NAMES, type PlanKind } from '@probe/domain';
import { useEffect, useState, type FormEvent } from 'react';
import type { SubscriptionChangeInput } from '../../graphql/generated.ts';
import type { UpgradeCatalogue } from './operations.ts';
import { parseSeats, startingSeats, type SeatRange } from './plan-rules.ts';
import { QuotePanel } from './quote-panel.tsx';
import { SeatsField } from './seats-field.tsx';
import { useCharge, type Changed } from './use-charge.ts';
import { useChangeQuote } from './use-quote.ts';
import type { UpgradeAccount } from './use-upgrade-account.ts';
import { useT } from './use-t.ts';

const COPY: Partial<Record<PlanKind, string>> = { INDIVIDUAL: 'plans.pro.copy', TEAM: 'plans.team.copy', CLINIC: 'upgrade.clinicCopy' };

export function seatRange(shop: UpgradeCatalogue, plan: PlanKind): SeatRange | null {
  if (plan === 'TEAM') return shop.teamConfiguration;
  if (plan === 'CLINIC') return shop.clinicConfiguration;
  return null;
}

/**
 * A move to a larger plan (and, for Team and Clinic, its seats): every choice asks the server for its
 * price; "Upgrade now" charges the quote shown. With one target (/upgrade/pro/) the plan is fixed.
 */
export function PlanChangeForm({ account, targets, shop, onDone }: {
  account: UpgradeAccount;
  targets: PlanKind[];
  shop: UpgradeCatalogue;
  onDone: (changed: Changed) => void;
}) {
  const t = useT();
  const { subscription } = account;
  const [plan, setPlan] = useState<PlanKind>(targets[0]!);
  const range = seatRange(shop, plan);
  const [seatsText, setSeatsText] = useState(() => (range ? String(startingSeats(subscription.seats, range)) : ''));
  const seats = parseSeats(seatsText);
  const input: SubscriptionChangeInput | null = range ? (seats === null ? null : { plan, seats }) : { plan };
  const quote = useChangeQuote(account.organization.id, input);
  const charge = useCharge(account.organization.id, { pricesChanged: quote.refetch, done: onDone });
  const { clear } = charge;
  useEffect(() => clear(), [plan, seats, clear]);

  const choose = (next: PlanKind) => {
    setPlan(next);
    const nextRange = seatRange(shop, next);
    if (nextRange) setSeatsText(String(startingSeats(seats ?? subscription.seats, nextRange)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input || !quote.quote || charge.sending) return;
    void charge.submit({ kind: 'change', input, expectedAmount: quote.quote.amount.fractionalAmount });
  };
  const errors = [...quote.errors, ...charge.errors];
  return (
    <form className="upgrade-form" onSubmit={submit} noValidate>
      <div className="upgrade-form__choices">
        {targets.length > 1 ? (
          <fieldset className="upgrade-options">
            <legend>{t('upgrade.choosePlan')}</legend>
            {targets.map((p) => (
              <label key={p} className="upgrade-option">
                <input type="radio" name="plan" value={p} checked={plan === p} onChange={() => choose(p)} />
                <span className="upgrade-option__body">
                  <span className="upgrade-option__title">{PLAN_NAMES[p]}</span>
                  {COPY[p] ? <span className="upgrade-option__text">{t(COPY[p]!)}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <div className="upgrade-card upgrade-target">
            <h2>{t('upgrade.newPlan', { plan: PLAN_NAMES[plan] })}</h2>
            {COPY[plan] ? <p>{t(COPY[plan]!)}</p> : null}
          </div>
        )}
        {range ? (
          <SeatsField label={t('upgrade.seatsLabel')} hint={t('upgrade.seatsHint', { min: range.minSeats, max: range.maxSeats })}
            value={seatsText} onChange={setSeatsText} min={range.minSeats} max={range.maxSeats} errors={errors} operation="ChangeSubscription"
            invalidNumber={seatsText.trim() !== '' && seats === null} />
        ) : null}
      </div>
      <QuotePanel quote={quote} kind="change" currentPlan={PLAN_NAMES[subscription.planType]} actionLabel={t('upgrade.upgradeNow')}
        sending={charge.sending} errors={charge.errors} operation="ChangeSubscription" fields={range ? ['seats'] : []} waiting={t('upgrade.quote.enterSeats')} />
    </form>
  );
}
