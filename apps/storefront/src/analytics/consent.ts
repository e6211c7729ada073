import { STORAGE_KEYS } from '../session/storage-keys.ts';

/** The visitor's analytics choice; null until they make it. */
export type Consent = 'granted' | 'denied';

/**
 * An event waiting for the choice. What only the moment knows (time, page) is kept with it; the
 * anonymous id is made only when it is delivered, so nothing identifies a visitor before they allow it.
 */
export interface QueuedEvent {
  event: Record<string, unknown> & { event: string };
  /** The server copy's time and page, for the events that have one. */
  copy: { timestamp: string; path: string; url: string } | null;
  /** Whether the event carries the anonymous id (order completed). */
  withAnonymousId?: boolean;
}

/** Events wait in session storage, so views before the choice survive page loads in this tab. */
const QUEUE_KEY = 'analyticsQueue';
const MAX_QUEUED = 200;

type Deliver = (item: QueuedEvent) => void;
const listeners = new Set<(consent: Consent | null) => void>();

export function currentConsent(storage: Storage = localStorage): Consent | null {
  const value = storage.getItem(STORAGE_KEYS.analyticsConsent);
  return value === 'granted' || value === 'denied' ? value : null;
}

function readQueue(storage: Storage): QueuedEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedEvent[]) : [];
  } catch {
    return [];
  }
}

/**
 * Delivers an event now if the visitor allowed analytics, keeps it in order until they choose if they
 * have not, and drops it if they declined.
 */
export function deliverOrQueue(item: QueuedEvent, deliver: Deliver, local: Storage = localStorage, session: Storage = sessionStorage): void {
  const consent = currentConsent(local);
  if (consent === 'granted') deliver(item);
  else if (consent === null) session.setItem(QUEUE_KEY, JSON.stringify([...readQueue(session), item].slice(-MAX_QUEUED)));
}

/**
 * Records the choice. Allowing delivers what waited, in order, once (the queue is emptied before
 * delivery, so a second tab or a double click cannot deliver it again); declining drops it.
 */
export function chooseConsent(choice: Consent, deliver: Deliver, local: Storage = localStorage, session: Storage = sessionStorage): void {
  local.setItem(STORAGE_KEYS.analyticsConsent, choice);
  const waiting = readQueue(session);
  session.removeItem(QUEUE_KEY);
  if (choice === 'granted') waiting.forEach(deliver);
  for (const listener of listeners) listener(choice);
}

/** Lets the consent banner reopen (the footer's "Analytics choice") and close. */
export function onConsentChange(listener: (consent: Consent | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reopenConsent(): void {
  for (const listener of listeners) listener(null);
}
