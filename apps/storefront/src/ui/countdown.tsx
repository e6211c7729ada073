import { COUNTDOWN_REFRESH_MS, secondsToEasternEndOfDay, splitCountdown } from '@probe/domain';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * Spec §2: the daily countdown to 23:59:59 US Eastern time, refreshed every second. The server renders
 * it too (its time differs from the browser's by the transfer, hence suppressHydrationWarning on the
 * text), so nothing moves when the page comes alive.
 */
export function Countdown() {
  const intl = useIntl();
  const [seconds, setSeconds] = useState(() => secondsToEasternEndOfDay(new Date()));
  useEffect(() => {
    const tick = () => setSeconds(secondsToEasternEndOfDay(new Date()));
    tick();
    const timer = setInterval(tick, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const { hours, minutes, seconds: s } = splitCountdown(seconds);
  const two = (n: number) => intl.formatNumber(n, { minimumIntegerDigits: 2 });
  return (
    <span className="countdown" role="timer" suppressHydrationWarning aria-label={intl.formatMessage({ id: 'home.offerEnds' }, { time: `${hours}:${two(minutes)}:${two(s)}` })}>
      {intl.formatMessage({ id: 'home.offerEnds' }, { time: `${two(hours)}:${two(minutes)}:${two(s)}` })}
    </span>
  );
}
