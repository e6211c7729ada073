/** Spec §2: the daily countdown runs to 23:59:59 US Eastern time, refreshed every second. */
export const COUNTDOWN_ZONE = 'America/New_York';
export const COUNTDOWN_REFRESH_MS = 1000;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COUNTDOWN_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', timeZoneName: 'shortOffset',
});

/** The calendar date in New York at an instant, and New York's UTC offset (minutes) then. */
function easternDate(at: Date): { y: number; m: number; d: number; offsetMinutes: number } {
  const parts = Object.fromEntries(partsFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const [, sign, hours, minutes] = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(parts.timeZoneName ?? 'GMT+0') ?? [];
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0)) : 0;
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), offsetMinutes };
}

/** The instant of 23:59:59 in New York on the New York date of `at` (the offset is taken at that time). */
function endOfEasternDay(at: Date): number {
  const { y, m, d } = easternDate(at);
  const guess = Date.UTC(y, m - 1, d, 23, 59, 59);
  // The offset at 23:59:59 local can differ from the offset now on a daylight-saving day.
  const { offsetMinutes } = easternDate(new Date(guess - easternDate(new Date(guess)).offsetMinutes * 60_000));
  return guess - offsetMinutes * 60_000;
}

/** Whole seconds from `now` until the next 23:59:59 US Eastern time (0 exactly at that second). */
export function secondsToEasternEndOfDay(now: Date): number {
  let target = endOfEasternDay(now);
  if (target < now.getTime() - 999) target = endOfEasternDay(new Date(now.getTime() + 3_600_000));
  return Math.max(0, Math.floor((target - now.getTime()) / 1000));
}

/** Hours, minutes and seconds of a countdown, for display. */
export function splitCountdown(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  return { hours: Math.floor(totalSeconds / 3600), minutes: Math.floor((totalSeconds % 3600) / 60), seconds: totalSeconds % 60 };
}
