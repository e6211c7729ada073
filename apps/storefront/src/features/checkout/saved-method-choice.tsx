import { useIntl } from 'react-intl';
import { methodName } from '../subscriptions/method-label.ts';
import type { CheckoutFields } from './operations.ts';

export type SavedChoice = CheckoutFields['savedPaymentMethods'][number];

/** The checkout payment method each kind of saved method pays as. */
const PAYS_AS: Record<SavedChoice['__typename'], string> = { CreditCard: 'CREDIT_CARD', SEPADirectDebit: 'SEPA', BankAccount: 'ACH' };

export const paysAs = (method: SavedChoice): string => PAYS_AS[method.__typename];

/**
 * The organization's saved methods this checkout offers (the server lists them only to its admin), those
 * whose payment method the checkout accepts, primary first: the first is chosen, so paying is one step.
 */
export function offeredSavedMethods(checkout: Pick<CheckoutFields, 'savedPaymentMethods' | 'availablePaymentMethods'>): SavedChoice[] {
  return checkout.savedPaymentMethods.filter((m) => (checkout.availablePaymentMethods as readonly string[]).includes(paysAs(m)));
}

/** One radio per saved method, in the payment method list: its name, a card's expiry, whose it is. */
export function SavedMethodChoices({ methods, chosen, onChoose }: { methods: SavedChoice[]; chosen: string | null; onChoose: (id: string) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return methods.map((m) => {
    const expiry = m.__typename === 'CreditCard'
      ? t('savedMethods.expires', { date: intl.formatDate(new Date(Date.UTC(m.expYear, m.expMonth - 1, 1)), { month: '2-digit', year: 'numeric', timeZone: 'UTC' }) })
      : null;
    return (
      <label key={m.id} className="choice" data-testid="saved-method-choice">
        <input type="radio" name="paymentMethod" value={`saved:${m.id}`} checked={chosen === m.id} onChange={() => onChoose(m.id)} />
        <span className="choice__name">
          <span dir="auto">{methodName(intl, m)}</span>
          <small>{[expiry, t('payment.savedForOrganization'), m.isPrimary ? t('savedMethods.primary') : null].filter(Boolean).join(' · ')}</small>
        </span>
      </label>
    );
  });
}
