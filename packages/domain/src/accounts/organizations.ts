/** Spec §3 subscription states (the cancelled one spelled as Saleor's clients read it). */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAST_DUE', 'TRIALING', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Seats left: the plan's seats less the members who hold one, never below zero. */
export function availableSeats(maxSeats: number, members: number): number {
  return Math.max(0, maxSeats - members);
}

/** A subscription is expired once its expiration time has passed; one without an expiration never is. */
export function isSubscriptionExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
