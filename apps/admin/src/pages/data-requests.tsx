import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { Me } from '../layout.tsx';
import { gql } from '../api.ts';
import { fieldErrors, TextField, type FieldErrors } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';

interface DataRequest { id: string; kind: string; state: string; source: string; userId: string; email: string | null; handledBy: string | null; steps: string[]; refusal: string | null; createdAt: string; finishedAt: string | null }
const LIST = '{ dataRequests(first: 100) { id kind state source userId email handledBy steps refusal createdAt finishedAt } }';
const STATES = { PENDING: 'privacy.state.pending', RUNNING: 'privacy.state.running', DONE: 'privacy.state.done', REFUSED: 'privacy.state.refused' } as const;
const START = 'mutation Start($email: String!) { dataErasureStart(email: $email) { request { id } errors { field code message } } }';

/**
 * Customers' data requests (GDPR): their exports and erasures, newest first, with their state, who asked
 * (the customer, or which operator on their behalf) and how far the erasure's steps went; an owner starts an
 * erasure on a customer's request by the e-mail of their account.
 */
export function DataRequestsPage() {
  const { t, when } = useText();
  const canErase = useOutletContext<Me>().permissions.includes('privacy.erase');
  const { data, error, reload } = useData(() => gql<{ dataRequests: DataRequest[] }>(LIST).then((d) => d.dataRequests), []);
  return (
    <>
      <h1><FormattedMessage id="privacy.title" /></h1>
      <p><FormattedMessage id="privacy.intro" /></p>
      {canErase ? <StartErasure onStarted={reload} /> : <p className="note" data-testid="read-only"><FormattedMessage id="privacy.readOnly" /></p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data?.length === 0 ? <p><FormattedMessage id="privacy.empty" /></p> : null}
      {data?.length ? (
        <table data-testid="data-requests">
          <thead><tr>
            <th scope="col"><FormattedMessage id="privacy.column.when" /></th><th scope="col" className="nowrap"><FormattedMessage id="privacy.column.kind" /></th>
            <th scope="col"><FormattedMessage id="privacy.column.customer" /></th><th scope="col"><FormattedMessage id="privacy.column.state" /></th>
            <th scope="col"><FormattedMessage id="privacy.column.handledBy" /></th><th scope="col"><FormattedMessage id="privacy.column.steps" /></th>
          </tr></thead>
          <tbody>{data.map((r) => (
            <tr key={r.id}>
              <td>{when(r.createdAt)}</td>
              <td className="nowrap">{t(r.kind === 'EXPORT' ? 'privacy.kind.export' : 'privacy.kind.erasure')}</td>
              <td>{r.email ?? <span className="hint">{t('privacy.erased', { id: r.userId })}</span>}</td>
              <td>{t(STATES[r.state as keyof typeof STATES] ?? 'privacy.state.pending')}{r.finishedAt ? ` · ${when(r.finishedAt)}` : ''}{r.refusal ? <><br />{r.refusal}</> : null}</td>
              <td>{r.handledBy ?? t('privacy.byCustomer')}</td>
              <td>{r.steps.length ? r.steps.join(', ') : '—'}</td>
            </tr>
          ))}</tbody>
        </table>
      ) : null}
    </>
  );
}

function StartErasure({ onStarted }: { onStarted: () => void }) {
  const { t } = useText();
  const describe = useDescribe();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const outcome = useOutcome('privacy');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    outcome.clear();
    if (!window.confirm(t('privacy.start.confirm', { email }))) return;
    try {
      const { dataErasureStart: d } = await gql<{ dataErasureStart: { request: { id: string } | null; errors: Array<{ field: string | null; message: string }> } }>(START, { email: email.trim() });
      if (d.errors.length) {
        const byField = fieldErrors(d.errors);
        setErrors(byField);
        // One alert: the refusal without a field as it is, else a pointer to the field marked.
        outcome.failed(byField.form ?? t('privacy.start.notStarted'));
      } else {
        outcome.done(t('privacy.start.done', { email: email.trim() }));
        setEmail('');
        onStarted();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="erasure-start">
      <h2 id="erasure-start"><FormattedMessage id="privacy.start.title" /></h2>
      <TextField id="erasure-email" label={t('privacy.start.email')} hint={t('privacy.start.hint')} type="email" value={email} onChange={setEmail} error={errors.email} />
      <button type="submit" disabled={!email.trim()}><FormattedMessage id="privacy.start.button" /></button>
      <Outcome place="privacy" />
    </form>
  );
}
