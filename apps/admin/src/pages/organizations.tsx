import { Link, useParams } from 'react-router';
import { gql, when } from '../api.ts';
import { useData } from '../use-data.ts';
import { useSearchPage } from './customers.tsx';
import { OrderRows, SubscriptionRows, type PartyOrder, type Subscription } from './party-tables.tsx';

interface Organization { id: string; name: string; slug: string; country: string; planType: string | null; subscriptionStatus: string | null; createdAt: string }
interface Member { customerId: string; email: string; name: string | null; isAdmin: boolean; canPurchasePersonalProbe: boolean; joinedAt: string }
const FIELDS = 'id name slug country planType subscriptionStatus createdAt';
const LIST = `query O($s: String, $a: String) { organizations(search: $s, first: 25, after: $a) { organizations { ${FIELDS} } next } }`;
const DETAIL = `query D($id: String!) { organization(id: $id) { organization { ${FIELDS} } maxSeats registeredProbes
  members { customerId email name isAdmin canPurchasePersonalProbe joinedAt }
  orders { number createdAt currency total chargeStatus paymentMethod cancelledAt } subscriptions { organizationId organizationName planType status term seats autoRenew periodEnd price currency } } }`;

/** Organizations newest first, searched by a part of the name, the slug or a member's e-mail on the server. Read only. */
export function OrganizationsPage() {
  const page = useSearchPage();
  const { data, error } = useData(() => gql<{ organizations: { organizations: Organization[]; next: string | null } }>(LIST, { s: page.search, a: page.after }).then((d) => d.organizations), [page.params.toString()]);
  return (
    <>
      <h1>Organizations</h1>
      <form className="filters" role="search" onSubmit={page.apply} aria-label="Search organizations">
        <div className="field"><label htmlFor="organization-search">Name, slug or a member's e-mail</label><input id="organization-search" type="search" value={page.text} onChange={(e) => page.setText(e.target.value)} /></div>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table>
            <caption className="visually-hidden">Organizations, newest first</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Country</th><th scope="col">Plan</th><th scope="col">Subscription</th><th scope="col">Since</th></tr></thead>
            <tbody>{data.organizations.map((o) => (
              <tr key={o.id}><td><Link to={`/organizations/${o.id}`}>{o.name}</Link></td><td>{o.country}</td><td>{o.planType ?? '—'}</td><td>{o.subscriptionStatus ?? '—'}</td><td>{when(o.createdAt)}</td></tr>
            ))}</tbody>
          </table>
          {data.organizations.length === 0 ? <p>No organization matches.</p> : null}
          <p className="pager">
            {page.after ? <button type="button" onClick={() => page.go(null)}>First page</button> : null}
            {data.next ? <button type="button" onClick={() => page.go(data.next)}>Next page</button> : null}
          </p>
        </>
      ) : error ? null : <p role="status">Loading…</p>}
    </>
  );
}

/** One organization: members and the seats they take, orders bought for it, its subscription. */
export function OrganizationPage() {
  const { id = '' } = useParams();
  const { data, error } = useData(() => gql<{ organization: { organization: Organization; maxSeats: number | null; registeredProbes: number; members: Member[]; orders: PartyOrder[]; subscriptions: Subscription[] } | null }>(DETAIL, { id }).then((d) => d.organization), [id]);
  if (error) return <><h1>Organization</h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1>Organization</h1><p>No organization has this id.</p></> : <p role="status">Loading…</p>;
  return (
    <>
      <p><Link to="/organizations">← Organizations</Link></p>
      <h1>{data.organization.name}</h1>
      <dl className="facts">
        <div><dt>Slug</dt><dd>{data.organization.slug}</dd></div>
        <div><dt>Country</dt><dd>{data.organization.country}</dd></div>
        <div><dt>Seats</dt><dd>{data.members.length} taken of {data.maxSeats ?? '—'}</dd></div>
        <div><dt>Registered probes</dt><dd>{data.registeredProbes}</dd></div>
      </dl>
      <h2>Members</h2>
      <table>
        <caption className="visually-hidden">Members, admins first</caption>
        <thead><tr><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Personal probe</th><th scope="col">Joined</th></tr></thead>
        <tbody>{data.members.map((m) => (
          <tr key={m.customerId}><td><Link to={`/customers/${encodeURIComponent(m.customerId)}`}>{m.email}</Link></td><td>{m.name ?? '—'}</td><td>{m.isAdmin ? 'admin' : 'member'}</td>
            <td>{m.canPurchasePersonalProbe ? 'may buy' : 'may not buy'}</td><td>{when(m.joinedAt)}</td></tr>
        ))}</tbody>
      </table>
      <h2>Orders</h2>
      <OrderRows orders={data.orders} caption="Orders bought for the organization, newest first" />
      <h2>Subscription</h2>
      <SubscriptionRows subscriptions={data.subscriptions} caption="The organization's subscription" />
    </>
  );
}
