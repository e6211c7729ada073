import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import { useSubscriptionWords } from '../subscription-words.ts';
import { useData } from '../use-data.ts';
import { useSearchPage } from './customers.tsx';
import { OrderRows, SubscriptionRows, type PartyOrder, type Subscription } from './party-tables.tsx';

interface Organization { id: string; name: string; slug: string; country: string; planType: string | null; planName: string | null; subscriptionStatus: string | null; createdAt: string }
interface Member { customerId: string; email: string; name: string | null; isAdmin: boolean; canPurchasePersonalProbe: boolean; joinedAt: string }
const FIELDS = 'id name slug country planType planName subscriptionStatus createdAt';
const LIST = `query O($s: String, $a: String) { organizations(search: $s, first: 25, after: $a) { organizations { ${FIELDS} } next } }`;
const DETAIL = `query D($id: String!) { organization(id: $id) { organization { ${FIELDS} } maxSeats registeredProbes
  members { customerId email name isAdmin canPurchasePersonalProbe joinedAt }
  orders { number createdAt currency total chargeStatus paymentMethod cancelledAt } subscriptions { organizationId organizationName planType planName status term seats autoRenew periodEnd price currency } } }`;

/** Organizations newest first, searched by a part of the name, the slug or a member's e-mail on the server. Read only. */
export function OrganizationsPage() {
  const { t, when } = useText();
  const words = useSubscriptionWords();
  const page = useSearchPage();
  const { data, error } = useData(() => gql<{ organizations: { organizations: Organization[]; next: string | null } }>(LIST, { s: page.search, a: page.after }).then((d) => d.organizations), [page.params.toString()]);
  return (
    <>
      <h1><FormattedMessage id="organizations.title" /></h1>
      <form className="filters" role="search" onSubmit={page.apply} aria-label={t('organizations.search.label')}>
        <div className="field"><label htmlFor="organization-search"><FormattedMessage id="organizations.search.field" /></label><input id="organization-search" type="search" value={page.text} onChange={(e) => page.setText(e.target.value)} /></div>
        <button type="submit"><FormattedMessage id="common.search" /></button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <table>
            <caption className="visually-hidden"><FormattedMessage id="organizations.caption" /></caption>
            <thead><tr><th scope="col"><FormattedMessage id="organizations.column.name" /></th><th scope="col"><FormattedMessage id="organizations.column.country" /></th>
              <th scope="col"><FormattedMessage id="organizations.column.plan" /></th><th scope="col"><FormattedMessage id="organizations.column.subscription" /></th><th scope="col"><FormattedMessage id="organizations.column.since" /></th></tr></thead>
            <tbody>{data.organizations.map((o) => (
              <tr key={o.id}><td><Link to={`/organizations/${o.id}`}>{o.name}</Link></td><td>{o.country}</td><td>{o.planName ?? '—'}</td><td>{o.subscriptionStatus ? words.status(o.subscriptionStatus) : '—'}</td><td>{when(o.createdAt)}</td></tr>
            ))}</tbody>
          </table>
          {data.organizations.length === 0 ? <p><FormattedMessage id="organizations.empty" /></p> : null}
          <p className="pager">
            {page.after ? <button type="button" onClick={() => page.go(null)}><FormattedMessage id="common.firstPage" /></button> : null}
            {data.next ? <button type="button" onClick={() => page.go(data.next)}><FormattedMessage id="common.nextPage" /></button> : null}
          </p>
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

/** One organization: members and the seats they take, orders bought for it, its subscription. */
export function OrganizationPage() {
  const { t, when, number } = useText();
  const { id = '' } = useParams();
  const { data, error } = useData(() => gql<{ organization: { organization: Organization; maxSeats: number | null; registeredProbes: number; members: Member[]; orders: PartyOrder[]; subscriptions: Subscription[] } | null }>(DETAIL, { id }).then((d) => d.organization), [id]);
  if (error) return <><h1><FormattedMessage id="organization.title" /></h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1><FormattedMessage id="organization.title" /></h1><p><FormattedMessage id="organization.notFound" /></p></> : <p role="status"><FormattedMessage id="common.loading" /></p>;
  return (
    <>
      <p><Link to="/organizations"><FormattedMessage id="organization.back" /></Link></p>
      <h1>{data.organization.name}</h1>
      <dl className="facts">
        <div><dt><FormattedMessage id="organization.slug" /></dt><dd>{data.organization.slug}</dd></div>
        <div><dt><FormattedMessage id="organization.country" /></dt><dd>{data.organization.country}</dd></div>
        <div><dt><FormattedMessage id="organization.seats" /></dt><dd>{t('organization.seatsTaken', { taken: data.members.length, max: data.maxSeats === null ? '—' : number(data.maxSeats) })}</dd></div>
        <div><dt><FormattedMessage id="organization.probes" /></dt><dd>{number(data.registeredProbes)}</dd></div>
      </dl>
      <h2><FormattedMessage id="organization.members" /></h2>
      <table>
        <caption className="visually-hidden"><FormattedMessage id="organization.membersCaption" /></caption>
        <thead><tr><th scope="col"><FormattedMessage id="organization.column.email" /></th><th scope="col"><FormattedMessage id="organization.column.name" /></th>
          <th scope="col"><FormattedMessage id="organization.column.role" /></th><th scope="col"><FormattedMessage id="organization.column.personalProbe" /></th><th scope="col"><FormattedMessage id="organization.column.joined" /></th></tr></thead>
        <tbody>{data.members.map((m) => (
          <tr key={m.customerId}><td><Link to={`/customers/${encodeURIComponent(m.customerId)}`}>{m.email}</Link></td><td>{m.name ?? '—'}</td><td>{t(m.isAdmin ? 'organization.role.admin' : 'organization.role.member')}</td>
            <td>{t(m.canPurchasePersonalProbe ? 'organization.personalProbe.yes' : 'organization.personalProbe.no')}</td><td>{when(m.joinedAt)}</td></tr>
        ))}</tbody>
      </table>
      <h2><FormattedMessage id="organization.orders" /></h2>
      <OrderRows orders={data.orders} caption={t('organization.ordersCaption')} />
      <h2><FormattedMessage id="organization.subscription" /></h2>
      <SubscriptionRows subscriptions={data.subscriptions} caption={t('organization.subscriptionCaption')} />
    </>
  );
}
