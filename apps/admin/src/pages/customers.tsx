import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { gql, money, when } from '../api.ts';
import { useData } from '../use-data.ts';
import { OrderRows, SubscriptionRows, type PartyOrder, type Subscription } from './party-tables.tsx';

interface Customer { id: string; email: string; name: string | null; createdAt: string }
const LIST = 'query C($s: String, $a: String) { customers(search: $s, first: 25, after: $a) { customers { id email name createdAt } next } }';
const DETAIL = `query D($id: String!) { customer(id: $id) { customer { id email name createdAt } memberships { organizationId name isAdmin }
  orders { number createdAt currency total chargeStatus paymentMethod cancelledAt } subscriptions { organizationId organizationName planType status term seats autoRenew periodEnd price currency } } }`;

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
  const page = useSearchPage();
  const { data, error } = useData(() => gql<{ customers: { customers: Customer[]; next: string | null } }>(LIST, { s: page.search, a: page.after }).then((d) => d.customers), [page.params.toString()]);
  return (
    <>
      <h1>Customers</h1>
      <form className="filters" role="search" onSubmit={page.apply} aria-label="Search customers">
        <div className="field"><label htmlFor="customer-search">Name or e-mail</label><input id="customer-search" type="search" value={page.text} onChange={(e) => page.setText(e.target.value)} /></div>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table>
            <caption className="visually-hidden">Customers, newest first</caption>
            <thead><tr><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Since</th></tr></thead>
            <tbody>{data.customers.map((c) => <tr key={c.id}><td><Link to={`/customers/${encodeURIComponent(c.id)}`}>{c.email}</Link></td><td>{c.name ?? '—'}</td><td>{when(c.createdAt)}</td></tr>)}</tbody>
          </table>
          {data.customers.length === 0 ? <p>No customer matches.</p> : null}
          <p className="pager">
            {page.after ? <button type="button" onClick={() => page.go(null)}>First page</button> : null}
            {data.next ? <button type="button" onClick={() => page.go(data.next)}>Next page</button> : null}
          </p>
        </>
      ) : error ? null : <p role="status">Loading…</p>}
    </>
  );
}

/** One customer: the organizations they belong to, their orders and those organizations' subscriptions. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const { data, error } = useData(() => gql<{ customer: { customer: Customer; memberships: Array<{ organizationId: string; name: string; isAdmin: boolean }>; orders: PartyOrder[]; subscriptions: Subscription[] } | null }>(DETAIL, { id }).then((d) => d.customer), [id]);
  if (error) return <><h1>Customer</h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1>Customer</h1><p>No customer has this id.</p></> : <p role="status">Loading…</p>;
  const spent = Object.entries(data.orders.filter((o) => !o.cancelledAt && o.chargeStatus === 'FULLY_CHARGED').reduce<Record<string, number>>((s, o) => ({ ...s, [o.currency]: (s[o.currency] ?? 0) + o.total }), {}));
  return (
    <>
      <p><Link to="/customers">← Customers</Link></p>
      <h1>{data.customer.name ?? data.customer.email}</h1>
      <dl className="facts">
        <div><dt>E-mail</dt><dd>{data.customer.email}</dd></div>
        <div><dt>Customer since</dt><dd>{when(data.customer.createdAt)}</dd></div>
        <div><dt>Paid orders</dt><dd>{spent.length ? spent.map(([c, v]) => money(v, c)).join(' · ') : '—'}</dd></div>
      </dl>
      <h2>Organizations</h2>
      {data.memberships.length ? (
        <ul>{data.memberships.map((m) => <li key={m.organizationId}><Link to={`/organizations/${m.organizationId}`}>{m.name}</Link>{m.isAdmin ? ' (admin)' : ' (member)'}</li>)}</ul>
      ) : <p>None.</p>}
      <h2>Orders</h2>
      <OrderRows orders={data.orders} caption="The customer's orders, newest first" />
      <h2>Subscriptions</h2>
      <SubscriptionRows subscriptions={data.subscriptions} caption="Subscriptions of the customer's organizations" />
    </>
  );
}
