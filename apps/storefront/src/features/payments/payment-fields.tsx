import { useIntl } from 'react-intl';
import { Field } from '../../ui/field.tsx';
import type { BusinessErrorFields } from '../checkout/operations.ts';

export interface CardValues { number: string; expiry: string; cvc: string }

/** MM/YY (or MM/YYYY) → month and year; null when it is not a date. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}

/** Stripe's published test numbers, listed on the test gateway's form so testers know them. */
const TEST_NUMBERS = [
  ['4242 4242 4242 4242', 'succeeds'], ['4000 0000 0000 0002', 'CARD_DECLINED'], ['4000 0000 0000 0069', 'EXPIRED_CARD'],
  ['4000 0000 0000 0127', 'INCORRECT_CVC'], ['4000 0000 0000 0119', 'PROCESSING_ERROR'], ['4000 0000 0000 0036', 'INCORRECT_ZIP'],
  ['4000 0000 0000 0341', 'CANNOT_ATTACH_CARD'],
] as const;

/**
 * The offline test gateway's card form. (With Stripe configured, Stripe's Payment Element takes the
 * card in its own frame instead and no card number reaches this page.)
 */
export function TestCardFields({ values, onChange, errors }: { values: CardValues; onChange: (v: CardValues) => void; errors: BusinessErrorFields[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const set = (field: keyof CardValues) => (e: { target: { value: string } }) => onChange({ ...values, [field]: e.target.value });
  return (
    <fieldset className="card-fields">
      <legend>{t('payment.cardDetails')}</legend>
      <Field name="card.number" label={t('payment.cardNumber')} value={values.number} onChange={set('number')} inputMode="numeric" autoComplete="cc-number" required errors={errors} operation="CheckoutPlaceOrder" />
      <div className="field-row">
        <Field name="card.expiry" label={t('payment.cardExpiry')} placeholder={t('payment.cardExpiryPlaceholder')} value={values.expiry} onChange={set('expiry')} autoComplete="cc-exp" required errors={errors} operation="CheckoutPlaceOrder" />
        <Field name="card.cvc" label={t('payment.cardCvc')} value={values.cvc} onChange={set('cvc')} inputMode="numeric" autoComplete="cc-csc" required errors={errors} operation="CheckoutPlaceOrder" />
      </div>
      <details className="test-cards">
        <summary>{t('payment.testCards')}</summary>
        <ul>{TEST_NUMBERS.map(([n, outcome]) => <li key={n}><code>{n}</code> — {outcome}</li>)}</ul>
      </details>
    </fieldset>
  );
}
