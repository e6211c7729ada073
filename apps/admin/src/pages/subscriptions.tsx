import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useSearchParams } from 'react-router';
import { gql } from '../api.ts';
import { TextField } from '../fields.tsx';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';
import { subscriptionStateClass, useSubscriptionWords } from '../subscription-words.ts';

export interface SubscriptionItem {
  id: string; organizationId: string; organizationName: string; organizationCountry: string; plan: string; planName: string; status: string; term: string;
  autoRenew: boolean; renewalFailures: number; seats: number; periodStart: string | null; periodEnd: string | null; currentPrice: number; currency: string;
}
export const SUBSCRIPTION_FIELDS = 'id organizationId organizationName organizationCountry plan planName status term autoRenew renewalFailures seats periodStart periodEnd currentPrice currency';
const LIST = `query Subscriptions($organization: String, $status: String, $renewsFrom: String, $renewsBefore: String, $dunning: Boolean) {
  subscriptions(organization: $organization, status: $status, renewsFrom: $renewsFrom, renewsBefore: $renewsBefore, dunning: $dunning) { ${SUBSCRIPTION_FIELDS} } }`;
const STATES = ['ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED'] as const;

/** The two views of subscriptions: all of them (with filters) and the dunning view. */
function Tabs() {
  const { t } = useText();
  return (
    <nav aria-label={t('subscriptions.views')} className="tabs">
      <NavLink to="/subscriptions" end><FormattedMessage id="subscriptions.tab.all" /></NavLink>
      <NavLink to="/subscriptions/past-due"><FormattedMessage id="subscriptions.tab.dunning" /></NavLink>
    </nav>
  );
}

/** Subscriptions by organization, state and renewal day (in the address, so a filtered list can be linked). */
export function SubscriptionsPage() {
  const { t } = useText();
  const [params, setParams] = useSearchParams();
  const filter = { organization: params.get('organization') ?? '', status: params.get('status') ?? '', renewsFrom: params.get('renewsFrom') ?? '', renewsBefore: params.get('renewsBefore') ?? '' };
  const [form, setForm] = useState(filter);
  const { data, error } = useData(() => gql<{ subscriptions: SubscriptionItem[] }>(LIST, {
    organization: filter.organization || null, status: filter.status || null, renewsFrom: filter.renewsFrom || null, renewsBefore: filter.renewsBefore || null,
  }).then((d) => d.subscriptions), [params.toString()]);
  const words = useSubscriptionWords();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)));
  };
  return (
    <>
      <h1><FormattedMessage id="subscriptions.title" /></h1>
      <Tabs />
      <form className="filters" onSubmit={search} role="search" aria-label={t('subscriptions.filters')}>
        <TextField id="sub-organization" label={t('subscriptions.filter.organization')} value={form.organization} onChange={(organization) => setForm({ ...form, organization })} />
        <div className="field">
          <label htmlFor="sub-status"><FormattedMessage id="subscriptions.column.state" /></label>
          <select id="sub-status" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">{t('subscriptions.filter.anyState')}</option>
            {STATES.map((s) => <option key={s} value={s}>{words.status(s)}</option>)}
          </select>
        </div>
        <TextField id="sub-from" type="date" label={t('subscriptions.filter.renewsFrom')} value={form.renewsFrom} onChange={(renewsFrom) => setForm({ ...form, renewsFrom })} />
        <TextField id="sub-before" type="date" label={t('subscriptions.filter.renewsBefore')} value={form.renewsBefore} onChange={(renewsBefore) => setForm({ ...form, renewsBefore })} />
        <div className="field"><button type="submit"><FormattedMessage id="common.search" /></button></div>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? <SubscriptionTable rows={data} caption={t('subscriptions.title')} /> : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

/** Dunning: the past-due subscriptions and the renewals declined that wait for their next try, oldest due first. */
export function PastDuePage() {
  const { t } = useText();
  const { data, error } = useData(() => gql<{ subscriptions: SubscriptionItem[] }>(LIST, { dunning: true }).then((d) => d.subscriptions), []);
  return (
    <>
      <h1><FormattedMessage id="subscriptions.title" /></h1>
      <Tabs />
      <p className="note"><FormattedMessage id="subscriptions.dunning.intro" /></p>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? <SubscriptionTable rows={data} caption={t('subscriptions.tab.dunning')} dunning /> : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

function SubscriptionTable({ rows, caption, dunning = false }: { rows: SubscriptionItem[]; caption: string; dunning?: boolean }) {
  const { t, money, when } = useText();
  const words = useSubscriptionWords();
  if (!rows.length) return <p><FormattedMessage id={dunning ? 'subscriptions.dunning.empty' : 'subscriptions.empty'} /></p>;
  return (
    <div className="table-scroll">
      <table data-testid="subscriptions">
        <caption className="visually-hidden">{caption}</caption>
        <thead><tr>
          <th scope="col"><FormattedMessage id="subscriptions.column.organization" /></th><th scope="col"><FormattedMessage id="subscriptions.column.plan" /></th>
          <th scope="col"><FormattedMessage id="subscriptions.column.state" /></th><th scope="col"><FormattedMessage id={dunning ? 'subscriptions.column.due' : 'subscriptions.column.renews'} /></th>
          <th scope="col" className="num"><FormattedMessage id="subscriptions.column.price" /></th>
        </tr></thead>
        <tbody>{rows.map((s) => (
          <tr key={s.id}>
            <td><Link to={`/subscriptions/${s.id}`}>{s.organizationName}</Link> <span className="hint">{s.organizationCountry}</span></td>
            <td>{s.planName}<br /><span className="hint">{words.term(s.term)} · {t('subscriptions.seats', { seats: s.seats })}</span></td>
            <td><span className={`state state--${subscriptionStateClass(s.status)}`}>{words.status(s.status)}</span>
              {s.renewalFailures > 0 && s.status !== 'CANCELED' ? <><br /><span className="hint">{t('subscriptions.failures', { count: s.renewalFailures })}</span></> : null}</td>
            <td>{when(s.periodEnd)}<br /><span className="hint">{s.status === 'CANCELED' ? t('subscriptions.ended') : s.autoRenew ? t('subscriptions.renews.auto') : t('subscriptions.renews.off')}</span></td>
            <td className="num">{money(s.currentPrice, s.currency)}</td>
          </tr>
        ))}</tbody>
      </table>
    </div>
  );
}
