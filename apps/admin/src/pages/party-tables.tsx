import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSubscriptionWords } from '../subscription-words.ts';
import { useText } from '../i18n/text.ts';

export interface PartyOrder { number: string; createdAt: string; currency: string; total: number; chargeStatus: string; paymentMethod: string; cancelledAt: string | null }
export interface Subscription { organizationId: string; organizationName: string; planType: string; planName: string; status: string; term: string; seats: number; autoRenew: boolean; periodEnd: string | null; price: number; currency: string }

/** The orders of a customer or an organization, each linked to its page. */
export function OrderRows({ orders, caption }: { orders: PartyOrder[]; caption: string }) {
  const { money, when } = useText();
  if (!orders.length) return <p><FormattedMessage id="party.noOrder" /></p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead><tr><th scope="col"><FormattedMessage id="orders.column.order" /></th><th scope="col"><FormattedMessage id="orders.column.placed" /></th><th scope="col"><FormattedMessage id="orders.column.method" /></th>
        <th scope="col"><FormattedMessage id="orders.column.payment" /></th><th scope="col" className="num"><FormattedMessage id="orders.column.total" /></th></tr></thead>
      <tbody>{orders.map((o) => (
        <tr key={o.number}><td><Link to={`/orders/${o.number}`}>{o.number}</Link></td><td>{when(o.createdAt)}</td><td>{o.paymentMethod}</td>
          <td>{o.cancelledAt ? 'CANCELLED' : o.chargeStatus}</td><td className="num">{money(o.total, o.currency)}</td></tr>
      ))}</tbody>
    </table>
  );
}

/** Subscriptions: plan, state, seats, renewal. */
export function SubscriptionRows({ subscriptions, caption }: { subscriptions: Subscription[]; caption: string }) {
  const { t, money, when } = useText();
  const words = useSubscriptionWords();
  if (!subscriptions.length) return <p><FormattedMessage id="party.noSubscription" /></p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead><tr><th scope="col"><FormattedMessage id="party.column.organization" /></th><th scope="col"><FormattedMessage id="party.column.plan" /></th><th scope="col"><FormattedMessage id="party.column.state" /></th>
        <th scope="col" className="num"><FormattedMessage id="party.column.seats" /></th><th scope="col"><FormattedMessage id="party.column.periodEnds" /></th><th scope="col"><FormattedMessage id="party.column.renews" /></th>
        <th scope="col" className="num"><FormattedMessage id="party.column.price" /></th></tr></thead>
      <tbody>{subscriptions.map((s) => (
        <tr key={s.organizationId}><td><Link to={`/organizations/${s.organizationId}`}>{s.organizationName}</Link></td><td>{s.planName} · {words.term(s.term)}</td><td>{words.status(s.status)}</td>
          <td className="num">{s.seats}</td><td>{when(s.periodEnd)}</td><td>{t(s.autoRenew ? 'party.renews.yes' : 'party.renews.no')}</td><td className="num">{money(s.price, s.currency)}</td></tr>
      ))}</tbody>
    </table>
  );
}
