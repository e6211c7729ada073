import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { download, gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import { FULFILMENT_STATES, FULFILMENT_WORDS, METHODS, methodWords, PAYMENT_FILTERS, PAYMENT_WORDS, RETURN_ACTION_WORDS, shownPayment, type FulfilmentState, type PaymentState, type ReturnAction } from '../order-states.ts';
import { useData, useDescribe } from '../use-data.ts';

interface OrderSummary {
  number: string; email: string; company: string | null; country: string; currency: string; paymentMethod: string; paymentState: PaymentState; fulfilmentState: FulfilmentState; returnAction: ReturnAction | null;
  cancelled: boolean; total: number; createdAt: string;
}
const FILTERS = ['search', 'country', 'paymentState', 'fulfilmentState', 'paymentMethod', 'from', 'to'] as const;
const QUERY = `query Orders($filter: StaffOrderFilter, $after: String) {
  orders(filter: $filter, first: 25, after: $after) { orders { number email company country currency paymentMethod paymentState fulfilmentState returnAction cancelled total createdAt } next }
}`;

/** Orders newest first, filtered on the server and paged by the last one seen; the filters live in the address. */
export function OrdersPage() {
  const { t, money, when } = useText();
  const describe = useDescribe();
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
      <h1><FormattedMessage id="orders.title" /></h1>
      <form className="filters" onSubmit={apply} aria-label={t('orders.filters.label')}>
        <div className="field"><label htmlFor="f-search"><FormattedMessage id="orders.filters.search" /></label><input {...field('search')} type="search" /></div>
        <div className="field"><label htmlFor="f-country"><FormattedMessage id="orders.filters.country" /></label><input {...field('country')} maxLength={2} placeholder="DE" /></div>
        <div className="field"><label htmlFor="f-paymentState"><FormattedMessage id="orders.filters.paymentState" /></label>
          <select {...field('paymentState')}><option value="">{t('orders.filters.any')}</option>{PAYMENT_FILTERS.map((s) => <option key={s} value={s}>{t(PAYMENT_WORDS[s])}</option>)}</select></div>
        <div className="field"><label htmlFor="f-fulfilmentState"><FormattedMessage id="orders.filters.fulfilmentState" /></label>
          <select {...field('fulfilmentState')}><option value="">{t('orders.filters.any')}</option>{FULFILMENT_STATES.map((s) => <option key={s} value={s}>{t(FULFILMENT_WORDS[s])}</option>)}</select></div>
        <div className="field"><label htmlFor="f-paymentMethod"><FormattedMessage id="orders.filters.paymentMethod" /></label>
          <select {...field('paymentMethod')}><option value="">{t('orders.filters.any')}</option>{METHODS.map((m) => <option key={m} value={m}>{methodWords(t, m)}</option>)}</select></div>
        <div className="field"><label htmlFor="f-from"><FormattedMessage id="orders.filters.from" /></label><input {...field('from')} type="date" /></div>
        <div className="field"><label htmlFor="f-to"><FormattedMessage id="orders.filters.to" /></label><input {...field('to')} type="date" /></div>
        <button type="submit"><FormattedMessage id="orders.filters.submit" /></button>
        <button type="button" className="secondary" onClick={exportCsv}><FormattedMessage id="orders.export" /></button>
      </form>
      {exportError ? <p role="alert" className="error">{exportError}</p> : null}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table className="orders-table">
            <caption className="visually-hidden"><FormattedMessage id="orders.caption" /></caption>
            <thead><tr><th scope="col"><FormattedMessage id="orders.column.order" /></th><th scope="col"><FormattedMessage id="orders.column.placed" /></th><th scope="col"><FormattedMessage id="orders.column.buyer" /></th>
              <th scope="col"><FormattedMessage id="orders.column.country" /></th><th scope="col"><FormattedMessage id="orders.column.method" /></th><th scope="col"><FormattedMessage id="orders.column.payment" /></th>
              <th scope="col"><FormattedMessage id="orders.column.shipping" /></th><th scope="col" className="num"><FormattedMessage id="orders.column.total" /></th></tr></thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.number} data-testid="order-row">
                  <td className="nowrap"><Link to={`/orders/${o.number}`}>{o.number}</Link></td><td>{when(o.createdAt)}</td><td>{o.email}{o.company ? <><br /><small>{o.company}</small></> : null}</td><td>{o.country}</td>
                  <td>{methodWords(t, o.paymentMethod)}</td>
                  <td data-testid="order-payment-state"><span className={`state state--${o.cancelled ? 'cancelled' : o.paymentState.toLowerCase()}`}>{t(shownPayment(o))}</span></td>
                  <td><span data-testid="order-fulfilment-state">{t(FULFILMENT_WORDS[o.fulfilmentState])}</span>
                    {o.returnAction ? <><br /><small className="state state--return" data-testid="order-return-action">{t(RETURN_ACTION_WORDS[o.returnAction])}</small></> : null}</td>
                  <td className="num">{money(o.total, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.orders.length === 0 ? <p><FormattedMessage id="orders.empty" /></p> : null}
          <p className="pager">
            {after ? <button type="button" onClick={() => { const p = new URLSearchParams(params); p.delete('after'); setParams(p); }}><FormattedMessage id="common.firstPage" /></button> : null}
            {data.next ? <button type="button" onClick={() => { const p = new URLSearchParams(params); p.set('after', data.next!); setParams(p); }}><FormattedMessage id="common.nextPage" /></button> : null}
          </p>
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}
