import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { SavedPaymentMethodKind } from '../../graphql/generated.ts';
import { Field } from '../../ui/field.tsx';
import { TestCardFields, type CardValues } from '../payments/payment-fields.tsx';

export interface MethodValues { card: CardValues; name: string; iban: string; accountNumber: string; routingNumber: string }

export const EMPTY_METHOD: MethodValues = { card: { number: '', expiry: '', cvc: '' }, name: '', iban: '', accountNumber: '', routingNumber: '' };

const OPERATION = 'PaymentMethodCreate';

/**
 * The test gateway's own fields for a method to save (with Stripe, its Payment Element takes them
 * instead): the checkout's card fields, an IBAN, or a US account and routing number; and the holder's name.
 */
export function MethodFields({ kind, values, onChange, errors }: {
  kind: SavedPaymentMethodKind; values: MethodValues; onChange: (v: MethodValues) => void; errors: BusinessErrorFields[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const set = (field: Exclude<keyof MethodValues, 'card'>) => (e: { target: { value: string } }) => onChange({ ...values, [field]: e.target.value });
  const name = (
    <Field name="name" label={t(kind === 'CREDIT_CARD' ? 'savedMethods.field.cardHolder' : 'savedMethods.field.accountHolder')} value={values.name}
      onChange={set('name')} autoComplete={kind === 'CREDIT_CARD' ? 'cc-name' : 'name'} errors={errors} operation={OPERATION} />
  );
  if (kind === 'CREDIT_CARD') {
    return (
      <>
        <TestCardFields values={values.card} onChange={(card) => onChange({ ...values, card })} errors={errors} />
        {name}
      </>
    );
  }
  if (kind === 'SEPA_DIRECT_DEBIT') {
    return (
      <>
        <Field name="iban" label={t('savedMethods.field.iban')} value={values.iban} onChange={set('iban')} autoComplete="off" spellCheck={false}
          autoCapitalize="characters" dir="ltr" required errors={errors} operation={OPERATION} />
        {name}
      </>
    );
  }
  return (
    <>
      <div className="field-row">
        <Field name="accountNumber" label={t('savedMethods.field.accountNumber')} value={values.accountNumber} onChange={set('accountNumber')}
          inputMode="numeric" autoComplete="off" dir="ltr" required errors={errors} operation={OPERATION} />
        <Field name="routingNumber" label={t('savedMethods.field.routingNumber')} value={values.routingNumber} onChange={set('routingNumber')}
          inputMode="numeric" autoComplete="off" dir="ltr" required errors={errors} operation={OPERATION} />
      </div>
      {name}
    </>
  );
}
