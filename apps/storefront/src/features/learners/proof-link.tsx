import { useState } from 'react';
import { useIntl } from 'react-intl';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';

/**
 * Opens the proof the learner sent: the file is served only with their token, so it is fetched with it
 * and handed to the browser as a download (never shown inside the store's pages).
 */
export function ProofLink({ url, name }: { url: string; name: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setFailed(false);
    const token = validAuthToken((error) => void reportError(error, { source: 'auth-token' }));
    try {
      const response = await fetch(url, { headers: token ? { authorization: `JWT ${token.token}` } : {} });
      if (!response.ok) throw new Error(`proof ${response.status}`);
      const href = URL.createObjectURL(await response.blob());
      const a = Object.assign(document.createElement('a'), { href, download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void open()}>{intl.formatMessage({ id: 'learner.openProof' }, { name })}</button>
      {failed ? <p role="alert" className="field__error">{intl.formatMessage({ id: 'learner.openProofFailed' })}</p> : null}
    </>
  );
}
