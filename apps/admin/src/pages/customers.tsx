import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';
import { OrderRows, SubscriptionRows, type PartyOrder, type Subscription } from './party-tables.tsx';

interface Customer { id: string; email: string; name: string | null; createdAt: string }
const LIST = 'query C($s: String, $a: String) { customers(search: $s, first: 25, after: $a) { customers { id email name createdAt } next } }';
const DETAIL = `query D($id: String!) { customer(id: $id) { customer { id email name createdAt } memberships { organizationId name isAdmin }
  orders { number createdAt currency total chargeStatus paymentMethod cancelledAt } subscriptions { organizationId organizationName planType planName status term seats autoRenew periodEnd price currency } } }`;

/** A search box whose words live in the address, and the pager of a server-paged list. */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { search: text.trim() } : {});
  };
  const go = (after: string | null) => {
    const p = new URLSearchParams(params);
    if (after) p.set('after', after);
    else p.delete('after');
    setParams(p);
  };
  return { params, text, setText, apply, go, search: params.get('search'), after: params.get('after') };
}

/** Customers newest first, searched by a part of the name or e-mail on the server. Read only. */
export function CustomersPage() {
  const { t, when } = useText();
  const page = useSearchPage();
  const { data, error } = useData(() => gql<{ customers: { customers: Customer[]; next: string | null } }>(LIST, { s: page.search, a: page.after }).then((d) => d.customers), [page.params.toString()]);
  return (
    <>
      <h1><FormattedMessage id="customers.title" /></h1>
      <form className="filters" role="search" onSubmit={page.apply} aria-label={t('customers.search.label')}>
        <div className="field"><label htmlFor="customer-search"><FormattedMessage id="customers.search.field" /></label><input id="customer-search" type="search" value={page.text} onChange={(e) => page.setText(e.target.value)} /></div>
        <button type="submit"><FormattedMessage id="common.search" /></button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table>
            <caption className="visually-hidden"><FormattedMessage id="customers.caption" /></caption>
            <thead><tr><th scope="col"><FormattedMessage id="customers.column.email" /></th><th scope="col"><FormattedMessage id="customers.column.name" /></th><th scope="col"><FormattedMessage id="customers.column.since" /></th></tr></thead>
            <tbody>{data.customers.map((c) => <tr key={c.id}><td><Link to={`/customers/${encodeURIComponent(c.id)}`}>{c.email}</Link></td><td>{c.name ?? '—'}</td><td>{when(c.createdAt)}</td></tr>)}</tbody>
          </table>
          {data.customers.length === 0 ? <p><FormattedMessage id="customers.empty" /></p> : null}
          <p className="pager">
            {page.after ? <button type="button" onClick={() => page.go(null)}><FormattedMessage id="common.firstPage" /></button> : null}
            {data.next ? <button type="button" onClick={() => page.go(data.next)}><FormattedMessage id="common.nextPage" /></button> : null}
          </p>
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

/** One customer: the organizations they belong to, their orders and those organizations' subscriptions. */
export function CustomerPage() {
  const { t, money, when } = useText();
  const { id = '' } = useParams();
  const { data, error } = useData(() => gql<{ customer: { customer: Customer; memberships: Array<{ organizationId: string; name: string; isAdmin: boolean }>; orders: PartyOrder[]; subscriptions: Subscription[] } | null }>(DETAIL, { id }).then((d) => d.customer), [id]);
  if (error) return <><h1><FormattedMessage id="customer.title" /></h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1><FormattedMessage id="customer.title" /></h1><p><FormattedMessage id="customer.notFound" /></p></> : <p role="status"><FormattedMessage id="common.loading" /></p>;
  const spent = Object.entries(data.orders.filter((o) => !o.cancelledAt && o.chargeStatus === 'FULLY_CHARGED').reduce<Record<string, number>>((s, o) => ({ ...s, [o.currency]: (s[o.currency] ?? 0) + o.total }), {}));
  return (
    <>
      <p><Link to="/customers"><FormattedMessage id="customer.back" /></Link></p>
      <h1>{data.customer.name ?? data.customer.email}</h1>
      <dl className="facts">
        <div><dt><FormattedMessage id="customer.email" /></dt><dd>{data.customer.email}</dd></div>
        <div><dt><FormattedMessage id="customer.since" /></dt><dd>{when(data.customer.createdAt)}</dd></div>
        <div><dt><FormattedMessage id="customer.paidOrders" /></dt><dd>{spent.length ? spent.map(([c, v]) => money(v, c)).join(' · ') : '—'}</dd></div>
      </dl>
      <h2><FormattedMessage id="customer.organizations" /></h2>
      {data.memberships.length ? (
        <ul>{data.memberships.map((m) => <li key={m.organizationId}><Link to={`/organizations/${m.organizationId}`}>{m.name}</Link> {t(m.isAdmin ? 'customer.membership.admin' : 'customer.membership.member')}</li>)}</ul>
      ) : <p><FormattedMessage id="customer.noOrganization" /></p>}
      <h2><FormattedMessage id="customer.orders" /></h2>
      <OrderRows orders={data.orders} caption={t('customer.ordersCaption')} />
      <h2><FormattedMessage id="customer.subscriptions" /></h2>
      <SubscriptionRows subscriptions={data.subscriptions} caption={t('customer.subscriptionsCaption')} />
    </>
  );
}
