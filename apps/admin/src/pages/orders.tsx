import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { download, gql, money, when } from '../api.ts';
import { describe } from '../use-data.ts';
import { useData } from '../use-data.ts';

interface OrderSummary { number: string; email: string; country: string; currency: string; paymentMethod: string; chargeStatus: string; total: number; createdAt: string }
const STATES = ['FULLY_CHARGED', 'ASYNC_PROCESSING', 'NOT_CHARGED', 'PARTIALLY_CHARGED'];
const METHODS = ['CREDIT_CARD', 'SEPA', 'ACH', 'ACSS', 'IDEAL', 'BANCONTACT', 'EPS', 'PRZELEWY24', 'KLARNA', 'AFFIRM', 'PAYPAL_ONE_TIME', 'ELECTRONIC_QUOTE', 'FREE'];
const FILTERS = ['search', 'country', 'chargeStatus', 'paymentMethod', 'from', 'to'] as const;
const QUERY = `query Orders($filter: StaffOrderFilter, $after: String) {
  orders(filter: $filter, first: 25, after: $after) { orders { number email country currency paymentMethod chargeStatus total createdAt } next }
}`;

/** Orders newest first, filtered on the server and paged by the last one seen; the filters live in the address. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  const after = params.get('after');
  const { data, error } = useData(() => gql<{ orders: { orders: OrderSummary[]; next: string | null } }>(QUERY, { filter, after }).then((d) => d.orders), [params.toString()]);
  const [form, setForm] = useState<Record<string, string>>(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])));
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = () => {
    setExportError(null);
    download(`/admin/export/orders.csv?${new URLSearchParams(filter as Record<string, string>)}`, 'orders.csv').catch((e: unknown) => setExportError(describe(e)));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim()).map(([k, v]) => [k, k === 'country' ? v.trim().toUpperCase() : v.trim()])));
  };
  const field = (name: (typeof FILTERS)[number]) => ({ id: `f-${name}`, value: form[name] ?? '', onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }) });
  return (
    <>
      <h1>Orders</h1>
      <form className="filters" onSubmit={apply} aria-label="Filter orders">
        <div className="field"><label htmlFor="f-search">Order number or e-mail</label><input {...field('search')} type="search" /></div>
        <div className="field"><label htmlFor="f-country">Country</label><input {...field('country')} maxLength={2} placeholder="DE" /></div>
        <div className="field"><label htmlFor="f-chargeStatus">Payment state</label>
          <select {...field('chargeStatus')}><option value="">Any</option>{STATES.map((s) => <option key={s}>{s}</option>)}</select></div>
        <div className="field"><label htmlFor="f-paymentMethod">Method</label>
          <select {...field('paymentMethod')}><option value="">Any</option>{METHODS.map((m) => <option key={m}>{m}</option>)}</select></div>
        <div className="field"><label htmlFor="f-from">Placed from</label><input {...field('from')} type="date" /></div>
        <div className="field"><label htmlFor="f-to">Placed before</label><input {...field('to')} type="date" /></div>
        <button type="submit">Show orders</button>
        <button type="button" className="secondary" onClick={exportCsv}>Download these orders (CSV)</button>
      </form>
      {exportError ? <p role="alert" className="error">{exportError}</p> : null}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table>
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Buyer</th><th scope="col">Country</th><th scope="col">Method</th><th scope="col">Payment</th><th scope="col" className="num">Total</th></tr></thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.number}>
                  <td><Link to={`/orders/${o.number}`}>{o.number}</Link></td><td>{when(o.createdAt)}</td><td>{o.email}</td><td>{o.country}</td>
                  <td>{o.paymentMethod}</td><td>{o.chargeStatus}</td><td className="num">{money(o.total, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.orders.length === 0 ? <p>No order matches these filters.</p> : null}
          <p className="pager">
            {after ? <button type="button" onClick={() => { const p = new URLSearchParams(params); p.delete('after'); setParams(p); }}>First page</button> : null}
            {data.next ? <button type="button" onClick={() => { const p = new URLSearchParams(params); p.set('after', data.next!); setParams(p); }}>Next page</button> : null}
          </p>
        </>
      ) : error ? null : <p role="status">Loading…</p>}
    </>
  );
}
