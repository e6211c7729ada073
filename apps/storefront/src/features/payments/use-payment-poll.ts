import { useEffect, useRef, useState } from 'react';
import { isFinal, POLL_INTERVAL_MS, POLL_LIMIT_MS, type ConfirmationView } from './confirmation-view.ts';

/**
 * Re-reads a payment every 2 s while it is processing, for about a minute; then `timedOut` (the page
 * says the buyer may leave). A failed read is retried at the next tick; it only reads, so a reload or
 * a second tab is harmless.
 */
export function usePaymentPoll(initial: ConfirmationView, read: () => Promise<ConfirmationView | null>): { view: ConfirmationView; timedOut: boolean } {
  const [view, setView] = useState(initial);
  const [timedOut, setTimedOut] = useState(false);
  const readRef = useRef(read);
  readRef.current = read;
  const polling = !isFinal(view.state);

  useEffect(() => {
    if (!polling) return;
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (Date.now() - started >= POLL_LIMIT_MS) return setTimedOut(true);
      const next = await readRef.current().catch(() => null);
      if (stopped) return;
      if (next) setView(next);
      timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polling]);

  return { view, timedOut: timedOut && polling };
}
