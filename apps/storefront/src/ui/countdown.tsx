import { COUNTDOWN_REFRESH_MS, secondsToEasternEndOfDay, splitCountdown } from '@probe/domain';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

/** Spec §2: the daily countdown to 23:59:59 US Eastern time, refreshed every second (rendered after hydration). */
export function Countdown() {
  const intl = useIntl();
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setSeconds(secondsToEasternEndOfDay(new Date()));
    tick();
    const timer = setInterval(tick, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (seconds === null) return <span className="countdown" aria-hidden="true" />;
  const { hours, minutes, seconds: s } = splitCountdown(seconds);
  const two = (n: number) => intl.formatNumber(n, { minimumIntegerDigits: 2 });
  return (
    <span className="countdown" role="timer" aria-label={intl.formatMessage({ id: 'home.offerEnds' }, { time: `${hours}:${two(minutes)}:${two(s)}` })}>
      {intl.formatMessage({ id: 'home.offerEnds' }, { time: `${two(hours)}:${two(minutes)}:${two(s)}` })}
    </span>
  );
}
