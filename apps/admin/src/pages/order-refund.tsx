import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { amountExample, parseAmount } from '../amount.ts';
import { gql } from '../api.ts';
import { useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useDescribe } from '../use-data.ts';

export interface RefundLine { id: number; sku: string; name: string; quantity: number; left: number }

const REFUND = `mutation Refund($number: String!, $amount: Int, $lines: [StaffRefundLineInput!], $shipping: Boolean, $key: String!, $reason: String) {
  orderRefund(number: $number, amount: $amount, lines: $lines, shipping: $shipping, idempotencyKey: $key, reason: $reason) { refund { amount status creditNote } errors { field code message } }
}`;

/**
 * Refunds chosen lines (and the shipping), or an amount typed in the console's locale (`1,234.50`, `1.234,50`):
 * never everything from an empty form. The first submit shows what will be given back; only the confirmation
 * sends it, with one idempotency key per refund meant.
 */
export function RefundForm({ number, currency, left, lines, shippingLeft, onDone }: {
  number: string; currency: string; left: number; lines: RefundLine[]; shippingLeft: number; onDone: () => void;
}) {
  const { t, money } = useText();
  const { locale } = useIntl();
  const describe = useDescribe();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // Said under the form, where the order page puts its outcome (the form goes once everything is refunded).
  const outcome = useOutcome('order.refund');
  const [review, setReview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const example = amountExample(locale);
  const chosen = lines.flatMap((l) => { const q = Number(quantities[l.id] ?? 0); return q ? [{ lineId: l.id, quantity: q }] : []; });
  const byLines = chosen.length > 0 || shipping;
  const minor = amount.trim() ? parseAmount(amount, locale) : null;

  /** What the operator chose, checked here for what can be checked: the server checks it all again. */
  const check = (): string | null => {
    if (byLines && amount.trim()) return t('order.refund.linesOrAmount');
    if (!byLines && !amount.trim()) return t('order.refund.nothingChosen');
    if (!byLines && minor === null) return t('order.refund.amountFormat', { example });
    if (!byLines && !(minor! > 0 && minor! <= left)) return t('order.refund.amountRange', { max: money(left, currency) });
    return null;
  };
  const what = () => {
    const parts = chosen.map((c) => `${c.quantity} × ${lines.find((l) => l.id === c.lineId)!.sku}`);
    if (shipping) parts.push(t('order.refund.shipping', { amount: money(shippingLeft, currency) }));
    return parts.join(', ');
  };
  const reviewIt = (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    if (problem) outcome.failed(problem);
    else outcome.clear();
    setReview(problem ? null : byLines ? t('order.refund.confirmLines', { what: what() }) : t('order.refund.confirmAmount', { amount: money(minor!, currency) }));
  };
  const send = async () => {
    if (busy) return;
    setBusy(true);
    outcome.clear();
    try {
      const { orderRefund } = await gql<{ orderRefund: { refund: { amount: number; status: string } | null; errors: Array<{ field: string | null; message: string }> } }>(REFUND, {
        number, amount: byLines ? null : minor, lines: chosen.length ? chosen : null, shipping, key: `console:${key.current}`, reason: reason.trim() || null,
      });
      setReview(null);
      if (orderRefund.errors.length) outcome.failed(orderRefund.errors.map((e) => e.message).join(' '));
      else {
        key.current = crypto.randomUUID();
        setAmount('');
        setQuantities({});
        setShipping(false);
        setReason('');
        outcome.done(t('order.refund.done', { amount: money(orderRefund.refund!.amount, currency) }));
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };
  const edit = (change: () => void) => { change(); setReview(null); };
  return (
    <form className="card" onSubmit={reviewIt} aria-labelledby="refund-title" data-testid="refund-form">
      <h3 id="refund-title"><FormattedMessage id="order.refund.title" /></h3>
      <p>{t('order.refund.intro', { amount: money(left, currency) })}</p>
      <table><caption className="visually-hidden"><FormattedMessage id="order.refund.caption" /></caption>
        <thead><tr><th scope="col"><FormattedMessage id="order.column.item" /></th><th scope="col" className="num"><FormattedMessage id="order.refund.column.left" /></th>
          <th scope="col"><FormattedMessage id="order.refund.column.quantity" /></th></tr></thead>
        <tbody>{lines.map((l) => (
          <tr key={l.id}><td>{l.sku} · {l.name}</td><td className="num">{t('order.refund.leftOf', { left: l.left, quantity: l.quantity })}</td>
            <td><label className="visually-hidden" htmlFor={`refund-q-${l.id}`}><FormattedMessage id="order.refund.quantityLabel" values={{ sku: l.sku }} /></label>
              <input id={`refund-q-${l.id}`} type="number" min={0} max={l.left} step={1} inputMode="numeric" disabled={l.left === 0} value={quantities[l.id] ?? ''}
                onChange={(e) => edit(() => setQuantities({ ...quantities, [l.id]: e.target.value }))} /></td></tr>
        ))}</tbody></table>
      {shippingLeft > 0 ? <div className="field"><label><input type="checkbox" checked={shipping} onChange={(e) => edit(() => setShipping(e.target.checked))} /> {t('order.refund.shippingToo', { amount: money(shippingLeft, currency) })}</label></div> : null}
      <div className="field"><label htmlFor="refund-amount"><FormattedMessage id="order.refund.amountLabel" values={{ currency: currency.toUpperCase(), example }} /></label>
        <input id="refund-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => edit(() => setAmount(e.target.value))} /></div>
      <div className="field"><label htmlFor="refund-reason"><FormattedMessage id="order.refund.reason" /></label><input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} /></div>
      {review ? (
        <div className="confirm" role="alert">
          <p>{review}</p>
          <p className="actions">
            <button type="button" onClick={() => void send()} disabled={busy}>{busy ? t('order.refund.busy') : t('order.refund.confirm')}</button>
            <button type="button" className="secondary" onClick={() => setReview(null)}><FormattedMessage id="order.refund.back" /></button>
          </p>
        </div>
      ) : <button type="submit"><FormattedMessage id="order.refund.review" /></button>}
    </form>
  );
}
