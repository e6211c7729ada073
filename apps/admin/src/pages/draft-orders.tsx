import { FormattedMessage } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { Outcome } from '../outcome.tsx';
import { useData } from '../use-data.ts';
import { DRAFT_STATE_WORDS, DRAFTS, type Draft } from './draft-order-api.ts';

/** Draft orders newest first: phone and e-mail sales written by staff, and where each one's pay link stands. */
export function DraftOrdersPage() {
  const { t, money, when } = useText();
  const me = useOutletContext<Me>();
  const { data, error } = useData(() => gql<{ draftOrders: Draft[] }>(DRAFTS).then((d) => d.draftOrders), []);
  return (
    <>
      <h1><FormattedMessage id="drafts.title" /></h1>
      <p>{t('drafts.intro')}</p>
      <Outcome place="draft" />
      {me.permissions.includes('orders.manage') ? <p><Link to="/draft-orders/new"><FormattedMessage id="drafts.new" /></Link></p> : null}
      {error ? <p role="alert" className="error">{error}</p> : !data ? <p role="status"><FormattedMessage id="common.loading" /></p> : !data.length ? <p><FormattedMessage id="drafts.none" /></p> : (
        <div className="table-scroll">
          <table data-testid="draft-orders">
            <caption className="visually-hidden">{t('drafts.title')}</caption>
            <thead><tr>
              <th scope="col"><FormattedMessage id="drafts.column.number" /></th><th scope="col"><FormattedMessage id="drafts.column.buyer" /></th>
              <th scope="col"><FormattedMessage id="drafts.column.country" /></th><th scope="col"><FormattedMessage id="drafts.column.state" /></th>
              <th scope="col" className="num"><FormattedMessage id="drafts.column.total" /></th><th scope="col"><FormattedMessage id="drafts.column.created" /></th>
            </tr></thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.id}>
                  <td><Link to={`/draft-orders/${d.id}`}>{d.number}</Link></td><td>{d.email}</td><td>{d.country}</td>
                  <td>{t(DRAFT_STATE_WORDS[d.state])}{d.orderNumber ? <> · <Link to={`/orders/${d.orderNumber}`}>{t('drafts.orderLink', { number: d.orderNumber })}</Link></> : null}</td>
                  <td className="num">{money(d.total, d.currency)}</td><td>{when(d.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
