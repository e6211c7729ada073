import { useMutation, useQuery } from '@apollo/client/react';
import { languageCodeEnum } from '@probe/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useBaseData } from '../../data/route-data.ts';
import { ConsentsSection } from './consents-section.tsx';
import { ACCOUNT_ERASURE_REQUEST, DATA_EXPORT_REQUEST, USER_DATA_REQUESTS, type DataRequestFields } from './operations.ts';
import { signOut } from './sign-out.ts';
import './your-data.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;

/**
 * My account's "Your data" (GDPR art. 7, 15, 17, 20): ask for a copy of one's data (a link is e-mailed), the
 * consents on record (withdraw or give each), and
 * erase the account, confirmed with the password; the requests made so far with their state. A refused
 * erasure says what must happen first; the password typed stays for another try. Once the erasure is
 * accepted the user is signed out (the account ends with it).
 */
export function YourDataSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const id = useId();
  const { data, refetch } = useQuery(USER_DATA_REQUESTS, { fetchPolicy: 'cache-and-network' });
  const [requestExport, exporting] = useMutation(DATA_EXPORT_REQUEST);
  const [requestErasure, erasing] = useMutation(ACCOUNT_ERASURE_REQUEST);
  const [exportStatus, setExportStatus] = useState<Status>(null);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [erasureStatus, setErasureStatus] = useState<Status>(null);
  const requests = data?.me?.dataRequests ?? [];
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  const askExport = async () => {
    setExportStatus(null);
    try {
      const payload = (await requestExport({ variables: { languageCode: languageCodeEnum(base.languageCode) } })).data?.dataExportRequest;
      if (payload?.request) {
        setExportStatus({ kind: 'ok', text: t('privacy.export.requested') });
        await refetch();
      } else setExportStatus({ kind: 'error', text: t('privacy.error') });
    } catch {
      setExportStatus({ kind: 'error', text: t('privacy.error') });
    }
  };

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(null);
    setErasureStatus(null);
    try {
      const payload = (await requestErasure({ variables: { password } })).data?.accountErasureRequest;
      const [error] = payload?.errors ?? [];
      if (payload?.request && !error) {
        setErasureStatus({ kind: 'ok', text: t('privacy.erase.accepted') });
        setTimeout(() => void signOut(base.basePath), 2500);
      } else if (error?.code === 'WRONG_PASSWORD') setPasswordError(t('privacy.erase.wrongPassword'));
      else if (error?.code === 'LAST_ADMIN') setErasureStatus({ kind: 'error', text: t('privacy.erase.lastAdmin') });
      else if (error?.code === 'REAUTHENTICATION_UNAVAILABLE' || error?.code === 'STAFF_ACCOUNT') setErasureStatus({ kind: 'error', text: t('privacy.erase.askStore') });
      else setErasureStatus({ kind: 'error', text: t('privacy.error') });
    } catch {
      setErasureStatus({ kind: 'error', text: t('privacy.error') });
    }
  };

  return (
    <section aria-labelledby="account-your-data" className="your-data" data-testid="your-data">
      <h2 id="account-your-data">{t('privacy.title')}</h2>
      <div className="your-data__block">
        <h3>{t('privacy.export.title')}</h3>
        <p>{t('privacy.export.text')}</p>
        <button type="button" className="button" onClick={askExport} disabled={exporting.loading} data-testid="data-export-request">{t('privacy.export.button')}</button>
        <p className={exportStatus?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{exportStatus?.text ?? ''}</p>
      </div>
      <ConsentsSection />
      {requests.length ? (
        <div className="your-data__block">
          <h3>{t('privacy.requests.title')}</h3>
          <ul className="your-data__requests" data-testid="data-requests">
            {requests.map((r: DataRequestFields) => (
              <li key={`${r.kind}-${r.createdAt}`}>
                {t(`privacy.kind.${r.kind}`)} · {date(r.createdAt)} · <strong>{t(`privacy.state.${r.state}`)}</strong>
                {r.kind === 'EXPORT' && r.state === 'DONE' && r.linkExpiresAt ? <> · {t('privacy.export.linkUntil', { date: date(r.linkExpiresAt) })}</> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="your-data__block your-data__erase">
        <h3>{t('privacy.erase.title')}</h3>
        <p>{t('privacy.erase.text')}</p>
        {!confirming ? (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="erase-start">{t('privacy.erase.start')}</button>
        ) : (
          <form onSubmit={erase} noValidate data-testid="erase-form">
            <div className={`account-field${passwordError ? ' account-field--invalid' : ''}`}>
              <label htmlFor={`${id}-password`}>{t('privacy.erase.password')}</label>
              <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
                aria-invalid={passwordError ? true : undefined} aria-describedby={passwordError ? `${id}-error` : undefined} />
              {passwordError ? <p className="account-field__error" id={`${id}-error`}>{passwordError}</p> : null}
            </div>
            <div className="your-data__actions">
              <button type="submit" className="button button--danger" disabled={erasing.loading || !password} data-testid="erase-confirm">{t('privacy.erase.confirm')}</button>
              <button type="button" className="button button--ghost" onClick={() => { setConfirming(false); setPassword(''); setPasswordError(null); setErasureStatus(null); }}>{t('privacy.erase.cancel')}</button>
            </div>
          </form>
        )}
        <p className={erasureStatus?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{erasureStatus?.text ?? ''}</p>
      </div>
    </section>
  );
}
