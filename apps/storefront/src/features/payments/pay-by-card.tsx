import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormErrors } from '../../ui/form-errors.tsx';
import type { BusinessErrorFields } from '../checkout/operations.ts';
import { parseExpiry, TestCardFields, type CardValues } from './payment-fields.tsx';

export type Card = { number: string; cvc: string; expMonth: number; expYear: number };

/** A card form for paying later (an invoice, a failed order payment); what was typed stays on an error. */
export function PayByCard({ operation, submitLabel, onPay }: { operation: string; submitLabel: string; onPay: (card: Card) => Promise<BusinessErrorFields[]> }) {
  const intl = useIntl();
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return setErrors([{ field: 'card.expiry', code: 'INVALID', message: '' }]);
    setBusy(true);
    try {
      setErrors(await onPay({ number: card.number, cvc: card.cvc, ...expiry }));
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: intl.formatMessage({ id: 'errors.network' }) }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={pay} noValidate className="invoice-form">
      <FormErrors errors={errors.filter((e) => !e.field?.startsWith('card.'))} operation={operation} />
      <TestCardFields values={card} onChange={setCard} errors={errors} />
      <button type="submit" className="button button--wide" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
