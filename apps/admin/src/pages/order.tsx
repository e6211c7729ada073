import { useRef, useState, type FormEvent } from 'react';
import { Link, useOutletContext, useParams } from 'react-router';
import { gql, money, when } from '../api.ts';
import type { Me } from '../layout.tsx';
import { FormMessage } from '../form-message.tsx';
import { describe, useData } from '../use-data.ts';

interface Line { id: number; sku: string; name: string; variantName: string; quantity: number; total: number }
interface Order {
  number: string; token: string; email: string; country: string; language: string; currency: string; paymentMethod: string; chargeStatus: string; total: number; tax: number; createdAt: string; invoiceStatus: string | null;
  shipping: number; customerId: string | null; organization: { id: string; name: string } | null; cancelledAt: string | null; cancelBlocker: string | null;
  lines: Line[];
  payments: Array<{ id: string; method: string; status: string; amount: number; card: string | null; createdAt: string }>;
  refunds: Array<{ id: number; amount: number; shipping: number; paymentId: string; status: string; reason: string | null; createdAt: string; lines: Array<{ lineId: number; quantity: number; amount: number }> }>;
  events: Array<{ type: string; payload: string; createdAt: string }>;
  deliveries: Array<{ topic: string; attempts: number; processedAt: string | null; lastError: string | null }>;
}
const QUERY = `query Order($number: String!) { order(number: $number) {
  number token email country language currency paymentMethod chargeStatus total tax createdAt invoiceStatus shipping customerId organization { id name } cancelledAt cancelBlocker
  lines { id sku name variantName quantity total } payments { id method status amount card createdAt }
  refunds { id amount shipping paymentId status reason createdAt lines { lineId quantity amount } } events { type payload createdAt } deliveries { topic attempts processedAt lastError }
} }`;
const REFUND = `mutation Refund($number: String!, $amount: Int, $lines: [StaffRefundLineInput!], $shipping: Boolean, $key: String!, $reason: String) {
  orderRefund(number: $number, amount: $amount, lines: $lines, shipping: $shipping, idempotencyKey: $key, reason: $reason) { refund { amount status } errors { field code message } }
}`;

/** One order as staff see it, with its refunds and the e-mails it sent; refund whole or in part through the gateway. */
export function OrderPage() {
  const { number = '' } = useParams();
  const me = useOutletContext<Me>();
  const { data, error, reload } = useData(() => gql<{ order: Order | null }>(QUERY, { number }).then((d) => d.order), [number]);
  // Said above the refunds: the form goes once nothing is left to refund.
  const [refunded, setRefunded] = useState<string | null>(null);
  if (error) return <><h1>Order {number}</h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1>Order {number}</h1><p>No order has this number.</p></> : <p role="status">Loading…</p>;
  const paid = data.payments.filter((p) => p.status === 'SUCCEEDED').reduce((s, p) => s + p.amount, 0);
  const given = data.refunds.filter((r) => r.status !== 'FAILED').reduce((s, r) => s + r.amount, 0);
  return (
    <>
      <p><Link to="/">← Orders</Link></p>
      <h1>Order {data.number}</h1>
      <dl className="facts">
        <div><dt>Placed</dt><dd>{when(data.createdAt)}</dd></div>
        <div><dt>Buyer</dt><dd>{data.customerId ? <Link to={`/customers/${encodeURIComponent(data.customerId)}`}>{data.email}</Link> : `${data.email} (guest)`}
          {data.organization ? <> · for <Link to={`/organizations/${data.organization.id}`}>{data.organization.name}</Link></> : null}</dd></div>
        {data.cancelledAt ? <div><dt>Cancelled</dt><dd>{when(data.cancelledAt)}</dd></div> : null}
        <div><dt>Store</dt><dd>{data.country} · {data.language}</dd></div>
        <div><dt>Payment</dt><dd>{data.paymentMethod} · {data.chargeStatus}{data.invoiceStatus ? ` · invoice ${data.invoiceStatus}` : ''}</dd></div>
        <div><dt>Total</dt><dd>{money(data.total, data.currency)} (tax {money(data.tax, data.currency)})</dd></div>
        <div><dt>Documents</dt><dd><a href={`/documents/invoice/${data.token}.pdf`}>Invoice (PDF)</a>
          {data.paymentMethod === 'ELECTRONIC_QUOTE' ? <> · <a href={`/documents/quote/${data.token}.pdf`}>Quote (PDF)</a></> : null}</dd></div>
      </dl>
      <h2>Lines</h2>
      <table><thead><tr><th scope="col">SKU</th><th scope="col">Item</th><th scope="col" className="num">Quantity</th><th scope="col" className="num">Total</th></tr></thead>
        <tbody>{data.lines.map((l) => <tr key={l.sku}><td>{l.sku}</td><td>{l.name} · {l.variantName}</td><td className="num">{l.quantity}</td><td className="num">{money(l.total, data.currency)}</td></tr>)}</tbody></table>
      <h2>Payments</h2>
      <table data-testid="order-payments"><thead><tr><th scope="col">Reference</th><th scope="col">Method</th><th scope="col">Status</th><th scope="col" className="num">Amount</th><th scope="col">When</th></tr></thead>
        <tbody>{data.payments.map((p) => <tr key={p.id}><td>{p.id}</td><td>{p.method}{p.card ? ` · ${p.card}` : ''}</td><td>{p.status}</td><td className="num">{money(p.amount, data.currency)}</td><td>{when(p.createdAt)}</td></tr>)}</tbody></table>
      <h2>Refunds</h2>
      <FormMessage message={refunded ? { error: false, text: refunded } : null} />
      {data.refunds.length ? (
        <table data-testid="order-refunds"><thead><tr><th scope="col">Status</th><th scope="col" className="num">Amount</th><th scope="col">What</th><th scope="col">Payment</th><th scope="col">Reason</th><th scope="col">When</th></tr></thead>
          <tbody>{data.refunds.map((r) => <tr key={r.id}><td>{r.status}</td><td className="num">{money(r.amount, data.currency)}</td><td>{refundedWhat(r, data.lines, data.currency)}</td>
            <td>{r.paymentId}</td><td>{r.reason ?? '—'}</td><td>{when(r.createdAt)}</td></tr>)}</tbody></table>
      ) : <p>No refund.</p>}
      {paid - given > 0 ? <RefundForm number={data.number} currency={data.currency} left={paid - given} allowed={me.permissions.includes('orders.refund')}
        lines={data.lines.map((l) => ({ ...l, left: l.quantity - data.refunds.filter((r) => r.status !== 'FAILED').flatMap((r) => r.lines).filter((x) => x.lineId === l.id).reduce((s, x) => s + x.quantity, 0) }))}
        shippingLeft={data.shipping - data.refunds.filter((r) => r.status !== 'FAILED').reduce((s, r) => s + r.shipping, 0)}
        onDone={(text) => { setRefunded(text); reload(); }} /> : null}
      <OrderActions number={data.number} invoiceOpen={data.invoiceStatus === 'OPEN' && !data.cancelledAt} allowed={me.permissions.includes('orders.manage')} onDone={reload} />
      {data.cancelledAt ? null : <CancelForm number={data.number} blocker={data.cancelBlocker} allowed={me.permissions.includes('orders.manage')} onDone={reload} />}
      <h2>History</h2>
      {data.events.length ? (
        <table><thead><tr><th scope="col">What</th><th scope="col">Details</th><th scope="col">When</th></tr></thead>
          <tbody>{data.events.map((e, i) => <tr key={i}><td>{e.type}</td><td><code>{e.payload}</code></td><td>{when(e.createdAt)}</td></tr>)}</tbody></table>
      ) : <p>Nothing has happened to the order since it was placed.</p>}
      <h2>E-mails and other deliveries</h2>
      <table><thead><tr><th scope="col">What</th><th scope="col">Delivered</th><th scope="col" className="num">Attempts</th><th scope="col">Last error</th></tr></thead>
        <tbody>{data.deliveries.map((d, i) => <tr key={i}><td>{d.topic}</td><td>{d.processedAt ? when(d.processedAt) : 'not yet'}</td><td className="num">{d.attempts}</td><td>{d.lastError ?? '—'}</td></tr>)}</tbody></table>
    </>
  );
}

/** What a refund gave back: its lines and shipping, or a free amount. */
function refundedWhat(r: Order['refunds'][number], lines: Line[], currency: string): string {
  const parts = r.lines.map((x) => `${x.quantity} × ${lines.find((l) => l.id === x.lineId)?.sku ?? 'line'}`);
  if (r.shipping) parts.push(`shipping ${money(r.shipping, currency)}`);
  return parts.length ? parts.join(', ') : 'an amount';
}

type RefundLine = Line & { left: number };

function RefundForm({ number, currency, left, lines, shippingLeft, allowed, onDone }: { number: string; currency: string; left: number; lines: RefundLine[]; shippingLeft: number; allowed: boolean; onDone: (text: string) => void }) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per refund the operator means: a retried or double-clicked submit refunds once.
  const key = useRef(crypto.randomUUID());
  const chosen = lines.flatMap((l) => { const q = Number(quantities[l.id] ?? 0); return q ? [{ lineId: l.id, quantity: q }] : []; });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const byLines = chosen.length > 0 || shipping;
    const minor = !byLines && amount.trim() ? Math.round(Number(amount.replace(',', '.')) * 100) : null;
    if (byLines && amount.trim()) {
      setMessage({ error: true, text: 'Choose lines (and shipping) or give an amount, not both.' });
      return;
    }
    if (minor !== null && !(Number.isFinite(minor) && minor > 0 && minor <= left)) {
      setMessage({ error: true, text: `Give an amount above 0 and at most ${money(left, currency)}, or leave it empty for all of it.` });
      return;
    }
    setBusy(true);
    try {
      const { orderRefund } = await gql<{ orderRefund: { refund: { amount: number; status: string } | null; errors: Array<{ field: string | null; message: string }> } }>(REFUND, {
        number, amount: minor, lines: chosen.length ? chosen : null, shipping, key: `console:${key.current}`, reason: reason.trim() || null,
      });
      if (orderRefund.errors.length) setMessage({ error: true, text: orderRefund.errors.map((e) => e.message).join(' ') });
      else {
        setMessage(null);
        key.current = crypto.randomUUID();
        setAmount('');
        setQuantities({});
        setShipping(false);
        onDone(`Refunded ${money(orderRefund.refund!.amount, currency)} through the gateway.`);
      }
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="refund-title">
      <h3 id="refund-title">Refund</h3>
      <p>{money(left, currency)} of the payment can still be given back. Choose lines (the amount is computed from the order), or give an amount.{allowed ? '' : ' Your role may not refund; the server would refuse it.'}</p>
      <table><caption className="visually-hidden">Lines to refund</caption>
        <thead><tr><th scope="col">Item</th><th scope="col" className="num">Left to refund</th><th scope="col">Quantity to refund</th></tr></thead>
        <tbody>{lines.map((l) => (
          <tr key={l.id}><td>{l.sku} · {l.name}</td><td className="num">{l.left} of {l.quantity}</td>
            <td><label className="visually-hidden" htmlFor={`refund-q-${l.id}`}>Quantity of {l.sku} to refund</label>
              <input id={`refund-q-${l.id}`} type="number" min={0} max={l.left} step={1} inputMode="numeric" disabled={l.left === 0} value={quantities[l.id] ?? ''}
                onChange={(e) => setQuantities({ ...quantities, [l.id]: e.target.value })} /></td></tr>
        ))}</tbody></table>
      {shippingLeft > 0 ? <div className="field"><label><input type="checkbox" checked={shipping} onChange={(e) => setShipping(e.target.checked)} /> Also refund the shipping ({money(shippingLeft, currency)})</label></div> : null}
      <div className="field"><label htmlFor="refund-amount">Or an amount ({currency.toUpperCase()}; with no line and no amount, all of it)</label><input id="refund-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} /></div>
      <div className="field"><label htmlFor="refund-reason">Reason</label><input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} /></div>
      <button type="submit" disabled={busy}>{busy ? 'Refunding…' : 'Refund through the gateway'}</button>
      <FormMessage message={message} />
    </form>
  );
}

const CANCEL = 'mutation Cancel($number: String!, $reason: String) { orderCancel(number: $number, reason: $reason) { cancelledAt errors { message } } }';

/** Cancels an unpaid order; when it cannot be, says why instead of offering the button. */
function CancelForm({ number, blocker, allowed, onDone }: { number: string; blocker: string | null; allowed: boolean; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (blocker) return <section className="card" aria-labelledby="cancel-title"><h3 id="cancel-title">Cancel the order</h3><p>It cannot be cancelled: {blocker}.</p></section>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { orderCancel } = await gql<{ orderCancel: { errors: Array<{ message: string }> } }>(CANCEL, { number, reason: reason.trim() || null });
      if (orderCancel.errors.length) setMessage({ error: true, text: orderCancel.errors.map((e) => e.message).join(' ') });
      else onDone();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="cancel-title">
      <h3 id="cancel-title">Cancel the order</h3>
      <p>The order is unpaid: cancelled, it can no longer be paid, its items go back into stock and its voucher code can be used again.{allowed ? '' : ' Your role may not cancel orders; the server would refuse it.'}</p>
      <div className="field"><label htmlFor="cancel-reason">Why it is cancelled</label><input id="cancel-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} /></div>
      <button type="submit" className="secondary" disabled={busy}>{busy ? 'Cancelling…' : 'Cancel the order'}</button>
      <FormMessage message={message} />
    </form>
  );
}

const MARK_PAID = 'mutation MarkPaid($number: String!, $note: String) { orderInvoiceMarkPaid(number: $number, note: $note) { errors { message } } }';
const RESEND = 'mutation Resend($number: String!) { orderConfirmationResend(number: $number) { errors { message } } }';

/** What else staff do with an order: an e-quote paid by bank transfer, the confirmation e-mail sent again. */
function OrderActions({ number, invoiceOpen, allowed, onDone }: { number: string; invoiceOpen: boolean; allowed: boolean; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const run = async (query: string, variables: Record<string, unknown>, done: string) => {
    try {
      const answer = Object.values(await gql<Record<string, { errors: Array<{ message: string }> }>>(query, variables))[0]!;
      setMessage(answer.errors.length ? { error: true, text: answer.errors.map((e) => e.message).join(' ') } : { error: false, text: done });
      if (!answer.errors.length) onDone();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  return (
    <section className="card" aria-labelledby="order-actions">
      <h3 id="order-actions">Other actions</h3>
      {allowed ? null : <p>Your role may not change orders; the server would refuse it.</p>}
      {invoiceOpen ? (
        <>
          <div className="field"><label htmlFor="paid-note">Evidence of the payment (bank reference)</label><input id="paid-note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} /></div>
          <p><button type="button" onClick={() => void run(MARK_PAID, { number, note: note.trim() || null }, 'The invoice is paid; the buyer gets the payment-received e-mail.')}>Mark the invoice paid</button></p>
        </>
      ) : null}
      <p><button type="button" className="secondary" onClick={() => void run(RESEND, { number }, 'The confirmation e-mail is on its way to the buyer again.')}>Send the confirmation e-mail again</button></p>
      <FormMessage message={message} />
    </section>
  );
}
