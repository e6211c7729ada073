import { PLAN_NAMES } from '@probe/domain';
import type { FormEvent } from 'react';
import { QuotePanel } from './quote-panel.tsx';
import { useCharge, type Changed } from './use-charge.ts';
import { useRenewalQuote } from './use-quote.ts';
import type { UpgradeAccount } from './use-upgrade-account.ts';

/** Renews an ended or past-due subscription now, for the price the server quoted (SubscriptionRenewal). */
export function RenewalForm({ account, onDone, actionLabel }: { account: UpgradeAccount; onDone: (changed: Changed) => void; actionLabel: string }) {
  const { organization, subscription } = account;
  const quote = useRenewalQuote(organization.id, true);
  const charge = useCharge(organization.id, { pricesChanged: quote.refetch, done: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!quote.quote || charge.sending) return;
    void charge.submit({ kind: 'renewal', expectedAmount: quote.quote.amount.fractionalAmount });
  };
  return (
    <form className="upgrade-form upgrade-form--single" onSubmit={submit} noValidate>
      <QuotePanel quote={quote} kind="renewal" currentPlan={PLAN_NAMES[subscription.planType]} actionLabel={actionLabel}
        sending={charge.sending} errors={charge.errors} operation="SubscriptionRenewal" />
    </form>
  );
}
