import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { subscriptionStateClass, useSubscriptionWords } from '../subscription-words.ts';
import { useData, useDescribe } from '../use-data.ts';
import { SUBSCRIPTION_FIELDS, type SubscriptionItem } from './subscriptions.tsx';

interface Charge { id: number; kind: string; attempt: number; status: string; amount: number; currency: string; failureCode: string | null; createdAt: string }
interface Event { id: number; type: string; orderToken: string | null; statusBefore: string | null; statusAfter: string | null; createdAt: string }
type Errors = Array<{ field: string | null; code: string; message: string }>;

const DETAIL = `query Subscription($id: String!) { subscription(id: $id) {
  subscription { ${SUBSCRIPTION_FIELDS} }
  charges { id kind attempt status amount currency failureCode createdAt }
  events { id type orderToken statusBefore statusAfter createdAt } } }`;
const RETRY = 'mutation Retry($id: String!) { subscriptionRetryRenewal(id: $id) { outcome errors { field code message } } }';
const CANCEL = 'mutation Cancel($id: String!, $now: Boolean, $refund: Boolean, $key: String!) { subscriptionCancel(id: $id, now: $now, refund: $refund, idempotencyKey: $key) { refunded errors { field code message } } }';
const OUTCOMES: Record<string, MessageId> = { RENEWED: 'subscription.retry.renewed', DECLINED: 'subscription.retry.declined', PROCESSING: 'subscription.retry.processing' };

/** One subscription: its facts, what staff may do with it (by role), its charges and its history. */
export function SubscriptionPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Me>();
  const { t, money, when } = useText();
  const words = useSubscriptionWords();
  const describe = useDescribe();
  const { data, error, reload } = useData(() => gql<{ subscription: { subscription: SubscriptionItem; charges: Charge[]; events: Event[] } | null }>(DETAIL, { id }).then((d) => d.subscription), [id]);
  const outcome = useOutcome('subscription');
  const [refund, setRefund] = useState(false);
  const [busy, setBusy] = useState(false);
  if (error) return <p role="alert" className="error">{error}</p>;
  if (!data) return <p role="status"><FormattedMessage id="common.loading" /></p>;
  const s = data.subscription;
  const canManage = me.permissions.includes('subscriptions.manage');
  const canRetry = s.status === 'PAST_DUE' || (s.status !== 'CANCELED' && s.renewalFailures > 0);
  const refusal = (errors: Errors) => t(errors[0]!.code === 'OPERATION_NOT_ALLOWED' ? 'subscription.error.notAllowed' : errors[0]!.code === 'PAYMENT_ERROR' ? 'subscription.error.refund' : 'subscription.error.other');

  const run = async (confirm: string, action: () => Promise<string>) => {
    outcome.clear();
    if (!window.confirm(confirm)) return;
    setBusy(true);
    try {
      const done = await action();
      outcome.done(done);
    } catch (e) {
      outcome.failed(e instanceof Refused ? e.message : describe(e));
    } finally {
      setBusy(false);
      reload();
    }
  };
  const retry = () => run(t('subscription.retry.confirm', { amount: money(s.currentPrice, s.currency), organization: s.organizationName }), async () => {
    const { subscriptionRetryRenewal: r } = await gql<{ subscriptionRetryRenewal: { outcome: string | null; errors: Errors } }>(RETRY, { id });
    if (r.errors.length) throw new Refused(refusal(r.errors));
    return t(OUTCOMES[r.outcome ?? ''] ?? 'subscription.retry.processing');
  });
  const cancel = (now: boolean) => run(
    now ? t(refund ? 'subscription.cancelNow.confirmRefund' : 'subscription.cancelNow.confirm', { organization: s.organizationName }) : t('subscription.cancelAtEnd.confirm', { organization: s.organizationName, date: when(s.periodEnd) }),
    async () => {
      const { subscriptionCancel: r } = await gql<{ subscriptionCancel: { refunded: number; errors: Errors } }>(CANCEL, { id, now, refund: now && refund, key: crypto.randomUUID() });
      if (r.errors.length) throw new Refused(refusal(r.errors));
      if (!now) return t('subscription.cancelAtEnd.done', { date: when(s.periodEnd) });
      return r.refunded ? t('subscription.cancelNow.doneRefund', { amount: money(r.refunded, s.currency) }) : t('subscription.cancelNow.done');
    },
  );

  return (
    <>
      <p><Link to="/subscriptions"><FormattedMessage id="subscription.back" /></Link></p>
      <h1>{t('subscription.title', { organization: s.organizationName })}</h1>
      <div className="states"><span className={`state state--${subscriptionStateClass(s.status)}`}>{words.status(s.status)}</span></div>
      <dl className="facts">
        <div><dt><FormattedMessage id="subscriptions.column.organization" /></dt><dd><Link to={`/organizations/${s.organizationId}`}>{s.organizationName}</Link> ({s.organizationCountry})</dd></div>
        <div><dt><FormattedMessage id="subscriptions.column.plan" /></dt><dd>{s.planName} · {words.term(s.term)} · {t('subscriptions.seats', { seats: s.seats })}</dd></div>
        <div><dt><FormattedMessage id="subscription.period" /></dt><dd>{when(s.periodStart)} – {when(s.periodEnd)}</dd></div>
        <div><dt><FormattedMessage id="subscriptions.column.renews" /></dt><dd>{s.status === 'CANCELED' ? t('subscriptions.ended') : s.autoRenew ? t('subscriptions.renews.auto') : t('subscriptions.renews.off')}</dd></div>
        <div><dt><FormattedMessage id="subscriptions.column.price" /></dt><dd>{money(s.currentPrice, s.currency)}</dd></div>
        {s.renewalFailures > 0 ? <div><dt><FormattedMessage id="subscription.failures" /></dt><dd>{t('subscriptions.failures', { count: s.renewalFailures })}</dd></div> : null}
      </dl>

      {canManage && s.status !== 'CANCELED' ? (
        <section className="card" aria-labelledby="sub-actions">
          <h2 id="sub-actions"><FormattedMessage id="subscription.actions" /></h2>
          {canRetry ? <p><button type="button" disabled={busy} onClick={() => void retry()}><FormattedMessage id="subscription.retry.button" /></button></p> : null}
          <div className="actions">
            {s.autoRenew ? <button type="button" className="secondary" disabled={busy} onClick={() => void cancel(false)}><FormattedMessage id="subscription.cancelAtEnd.button" /></button> : null}
            <button type="button" className="secondary" disabled={busy} onClick={() => void cancel(true)}><FormattedMessage id="subscription.cancelNow.button" /></button>
          </div>
          <label className="check"><input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} /> <FormattedMessage id="subscription.cancelNow.refund" /></label>
          <p className="hint"><FormattedMessage id="subscription.cancelNow.hint" /></p>
        </section>
      ) : null}
      {!canManage ? <p className="note"><FormattedMessage id="subscription.readOnly" /></p> : null}
      <Outcome place="subscription" />

      <h2 id="sub-charges"><FormattedMessage id="subscription.charges" /></h2>
      {data.charges.length ? (
        <div className="table-scroll">
          <table aria-labelledby="sub-charges" data-testid="subscription-charges">
            <thead><tr><th scope="col"><FormattedMessage id="subscription.column.when" /></th><th scope="col"><FormattedMessage id="subscription.column.kind" /></th>
              <th scope="col"><FormattedMessage id="subscription.column.outcome" /></th><th scope="col" className="num"><FormattedMessage id="subscription.column.amount" /></th></tr></thead>
            <tbody>{data.charges.map((c) => (
              <tr key={c.id}>
                <td>{when(c.createdAt)}</td>
                <td>{words.chargeKind(c.kind)}{c.kind === 'RENEWAL' ? <><br /><span className="hint">{t('subscription.attempt', { attempt: c.attempt })}</span></> : null}</td>
                <td>{words.chargeStatus(c.status)}{c.failureCode ? <><br /><span className="hint">{words.failure(c.failureCode)}</span></> : null}</td>
                <td className="num">{money(c.amount, c.currency)}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ) : <p><FormattedMessage id="subscription.noCharges" /></p>}

      <h2 id="sub-events"><FormattedMessage id="subscription.events" /></h2>
      {data.events.length ? (
        <div className="table-scroll">
          <table aria-labelledby="sub-events" data-testid="subscription-events">
            <thead><tr><th scope="col"><FormattedMessage id="subscription.column.when" /></th><th scope="col"><FormattedMessage id="subscription.column.event" /></th><th scope="col"><FormattedMessage id="subscriptions.column.state" /></th></tr></thead>
            <tbody>{data.events.map((e) => (
              <tr key={e.id}>
                <td>{when(e.createdAt)}</td><td>{words.event(e.type)}</td>
                <td>{e.statusBefore && e.statusAfter && e.statusBefore !== e.statusAfter ? t('subscription.stateMove', { before: words.status(e.statusBefore), after: words.status(e.statusAfter) }) : e.statusAfter ? words.status(e.statusAfter) : '—'}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ) : <p><FormattedMessage id="subscription.noEvents" /></p>}
    </>
  );
}

/** A refusal of the server's, already in the console's words. */
class Refused extends Error {}
