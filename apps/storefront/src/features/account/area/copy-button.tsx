import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * Copies `text` with the clipboard API and says so in a polite live region beside the button ("Copied"),
 * or that it could not (the clipboard refused: the text stays on the page, selectable).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const intl = useIntl();
  const [status, setStatus] = useState<'' | 'copied' | 'failed'>('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    setStatus('');
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
    timer.current = setTimeout(() => setStatus(''), 6000);
  };
  return (
    <span className="copy-button">
      <button type="button" className="button button--ghost" onClick={() => void copy()} data-testid="copy-button">
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M5 1h8a2 2 0 0 1 2 2v8h-2V3H5V1zM1 5a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V5zm2 0v8h7V5H3z" /></svg>
        {label}
      </button>
      <span role="status" className="copy-button__status" data-testid="copy-status">
        {status ? intl.formatMessage({ id: status === 'copied' ? 'account.copy.copied' : 'account.copy.failed' }) : ''}
      </span>
    </span>
  );
}
