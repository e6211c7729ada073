import { useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../ui/spinner.tsx';
import { AddMethodForm } from './add-method-form.tsx';
import { methodName } from './method-label.ts';
import { SAVED_PAYMENT_METHODS, type MethodsMembership } from './operations.ts';
import { SavedMethodItem } from './saved-method-item.tsx';
import './subscriptions.css';

/**
 * My account's payment methods (/account/payment-methods/): for each organization the user administers,
 * the saved methods renewals and plan changes are charged to, with one "Add a payment method" form open
 * at a time. Shown to signed-in admins only (the account area lists it once it knows who they are).
 */
export function SavedMethodsSection() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // Always from the server, as subscription management: a stored cache may predate the last change.
  const { data, error } = useQuery(SAVED_PAYMENT_METHODS, { fetchPolicy: 'network-only' });
  const [adding, setAdding] = useState<string | null>(null);
  const administered = data?.me?.organizationMemberships.filter((m) => m.isOrganizationAdmin) ?? [];
  if (data && !administered.length) return null;
  return (
    <section id="payment-methods" aria-labelledby="payment-methods-heading" tabIndex={-1}>
      <h1 id="payment-methods-heading">{t('savedMethods.title')}</h1>
      <p className="page__lead">{t('savedMethods.lead')}</p>
      {!data ? (error ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={t('app.loading')} />) : (
        <ul className="account-list account-list--single saved-methods-list">
          {administered.map((m) => (
            <li key={m.id}>
              <OrganizationMethods membership={m} adding={adding === m.id} onAdding={(on) => setAdding(on ? m.id : null)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrganizationMethods({ membership, adding, onAdding }: { membership: MethodsMembership; adding: boolean; onAdding: (on: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const org = membership.organization;
  const methods = membership.availableReusablePaymentMethods;
  const headingId = `methods-${membership.id}`;
  return (
    <article className="account-card" aria-labelledby={headingId} data-testid="organization-methods">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="account-card__title">{org.name}</h2>
      {methods.length ? (
        <ul className="saved-methods">
          {methods.map((m) => (
            <SavedMethodItem key={m.id} organizationId={org.id} method={m} others={methods.length - 1} onDone={(message, removed) => {
              setStatus(message);
              if (removed) heading.current?.focus();
            }} />
          ))}
        </ul>
      ) : <p>{t('savedMethods.none')}</p>}
      <p className="account-status" role="status" data-testid="methods-status">{status}</p>
      {adding ? (
        <AddMethodForm organizationId={org.id}
          onSaved={(method) => {
            onAdding(false);
            setStatus(t('savedMethods.added', { method: methodName(intl, method) }));
            setTimeout(() => addButton.current?.focus());
          }}
          onCancel={() => {
            onAdding(false);
            setTimeout(() => addButton.current?.focus());
          }} />
      ) : (
        <button type="button" className="button button--ghost" ref={addButton} onClick={() => { setStatus(''); onAdding(true); }} data-testid="add-method">
          {t('savedMethods.add')}
        </button>
      )}
    </article>
  );
}
