import { describe, expect, it } from 'vitest';
import { secondsToEasternEndOfDay, splitCountdown } from '../src/storefront/countdown.ts';

const at = (iso: string) => new Date(iso);

describe('daily countdown to 23:59:59 US Eastern', () => {
  it('counts down in winter (UTC-5) and summer (UTC-4)', () => {
    expect(secondsToEasternEndOfDay(at('2026-01-15T17:00:00Z'))).toBe(11 * 3600 + 59 * 60 + 59); // 12:00 EST
    expect(secondsToEasternEndOfDay(at('2026-07-15T16:00:00Z'))).toBe(11 * 3600 + 59 * 60 + 59); // 12:00 EDT
  });

  it('reaches 0 at 23:59:59 and starts the next day right after', () => {
    expect(secondsToEasternEndOfDay(at('2026-01-16T04:59:59Z'))).toBe(0); // 23:59:59 EST
    expect(secondsToEasternEndOfDay(at('2026-01-16T05:00:00Z'))).toBe(23 * 3600 + 59 * 60 + 59); // 00:00 EST
  });

  it('is right across the spring-forward day (23 real hours)', () => {
    // 2026-03-08 00:30 EST (05:30Z); clocks jump 02:00 → 03:00; 23:59:59 EDT is 2026-03-09T03:59:59Z.
    expect(secondsToEasternEndOfDay(at('2026-03-08T05:30:00Z'))).toBe((Date.parse('2026-03-09T03:59:59Z') - Date.parse('2026-03-08T05:30:00Z')) / 1000);
  });

  it('is right across the fall-back day (25 real hours)', () => {
    // 2026-11-01 00:30 EDT (04:30Z); clocks go 02:00 → 01:00; 23:59:59 EST is 2026-11-02T04:59:59Z.
    expect(secondsToEasternEndOfDay(at('2026-11-01T04:30:00Z'))).toBe((Date.parse('2026-11-02T04:59:59Z') - Date.parse('2026-11-01T04:30:00Z')) / 1000);
  });

  it('splits into hours, minutes and seconds', () => {
    expect(splitCountdown(3 * 3600 + 7 * 60 + 5)).toEqual({ hours: 3, minutes: 7, seconds: 5 });
  });
});
