import { describe, expect, it } from 'vitest';
import { availableSeats, isSubscriptionExpired } from '../src/index.ts';

describe('organization rules', () => {
  it('seats left are the plan seats less the members, never negative', () => {
    expect(availableSeats(10, 3)).toBe(7);
    expect(availableSeats(2, 2)).toBe(0);
    expect(availableSeats(1, 4)).toBe(0);
  });

  it('a subscription expires when its expiration time has passed; none never expires', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isSubscriptionExpired(new Date('2026-11-23T11:59:59Z'), now)).toBe(true);
    expect(isSubscriptionExpired(new Date('2026-11-23T12:00:00Z'), now)).toBe(true);
    expect(isSubscriptionExpired(new Date('2026-11-23T12:00:01Z'), now)).toBe(false);
    expect(isSubscriptionExpired(null, now)).toBe(false);
  });
});
