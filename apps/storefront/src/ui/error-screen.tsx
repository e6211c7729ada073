import { useState } from 'react';
import { useIntl } from 'react-intl';
import { StatusPage } from './status-page.tsx';

/**
 * Spec §2 generic error screen: its exact heading and text, the error id with a copy control when
 * there is one, and deliberately no way back from it.
 */
export function ErrorScreen({ errorId }: { errorId?: string | null | undefined }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!errorId) return;
    await navigator.clipboard.writeText(errorId);
    setCopied(true);
  };
  return (
    <StatusPage id="error-heading" testId="error-screen" icon="danger" heading={intl.formatMessage({ id: 'error.heading' })} text={intl.formatMessage({ id: 'error.text' })}>
      {errorId ? (
        <div className="error-id">
          <span data-testid="error-id-text">{intl.formatMessage({ id: 'error.errorId' }, { errorId: <code key="id">{errorId}</code> })}</span>
          <button type="button" className="icon-button" onClick={copy} aria-label={intl.formatMessage({ id: 'error.copyId' })}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
          <span className="visually-hidden" role="status">{copied ? intl.formatMessage({ id: 'error.copied' }) : ''}</span>
        </div>
      ) : null}
    </StatusPage>
  );
}
