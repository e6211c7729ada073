import { Link } from 'react-router';
import { money, when } from '../api.ts';

export interface PartyOrder { number: string; createdAt: string; currency: string; total: number; chargeStatus: string; paymentMethod: string; cancelledAt: string | null }
export interface Subscription { organizationId: string; organizationName: string; planType: string; status: string; term: string; seats: number; autoRenew: boolean; periodEnd: string | null; price: number; currency: string }

/** The orders of a customer or an organization, each linked to its page. */
export function OrderRows({ orders, caption }: { orders: PartyOrder[]; caption: string }) {
  if (!orders.length) return <p>No order.</p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Method</th><th scope="col">Payment</th><th scope="col" className="num">Total</th></tr></thead>
      <tbody>{orders.map((o) => (
        <tr key={o.number}><td><Link to={`/orders/${o.number}`}>{o.number}</Link></td><td>{when(o.createdAt)}</td><td>{o.paymentMethod}</td>
          <td>{o.cancelledAt ? 'CANCELLED' : o.chargeStatus}</td><td className="num">{money(o.total, o.currency)}</td></tr>
      ))}</tbody>
    </table>
  );
}

/** Subscriptions: plan, state, seats, renewal. */
export function SubscriptionRows({ subscriptions, caption }: { subscriptions: Subscription[]; caption: string }) {
  if (!subscriptions.length) return <p>No subscription.</p>;
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead><tr><th scope="col">Organization</th><th scope="col">Plan</th><th scope="col">State</th><th scope="col" className="num">Seats</th><th scope="col">Period ends</th><th scope="col">Renews</th><th scope="col" className="num">Price</th></tr></thead>
      <tbody>{subscriptions.map((s) => (
        <tr key={s.organizationId}><td><Link to={`/organizations/${s.organizationId}`}>{s.organizationName}</Link></td><td>{s.planType} · {s.term}</td><td>{s.status}</td>
          <td className="num">{s.seats}</td><td>{when(s.periodEnd)}</td><td>{s.autoRenew ? 'automatically' : 'no'}</td><td className="num">{money(s.price, s.currency)}</td></tr>
      ))}</tbody>
    </table>
  );
}
