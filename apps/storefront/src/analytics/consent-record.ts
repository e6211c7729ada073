import { DATA_CONFIG } from '../data/config.ts';
import { reportError } from '../monitoring/current.ts';
import { validAuthToken } from '../session/auth-token.ts';

/** The consent decision the page sends (a signed-in user's with their token; the browser's with its analytics id). */
export interface ConsentDecision {
  purpose: 'ANALYTICS' | 'MARKETING_EMAIL';
  granted: boolean;
  /** The wording shown: `textVersion(key, text)`. */
  textVersion: string;
  source: 'banner' | 'account';
  locale: string;
  anonymousId: string | null;
}

/** Dispatched on window once a choice is on record: my account's list of consents reads it again. */
export const CONSENT_RECORDED_EVENT = 'store:consent-recorded';

const CONSENT_RECORD = 'mutation ConsentChoice($input: ConsentInput!) { consentRecord(input: $input) { errors { field code } } }';

/**
 * Puts the banner's choice on record (consent on record, issue 38), not waited for: the store keeps who
 * chose (the signed-in user, and the browser by its analytics id once it has one), what, when, the
 * wording's version and where. A choice that cannot be sent is the browser's still (kept in its storage).
 */
export function recordConsentChoice(decision: ConsentDecision): void {
  const token = validAuthToken((error) => void reportError(error, { source: 'auth-token' }));
  if (!token && !decision.anonymousId) return; // no one to record it for: a decline before any analytics id
  const { anonymousId, ...rest } = decision;
  fetch(DATA_CONFIG.graphqlEndpoint, {
    method: 'POST', keepalive: true, credentials: DATA_CONFIG.credentials,
    headers: { accept: '*/*', 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token.token}` } : {}) },
    body: JSON.stringify({ operationName: 'ConsentChoice', query: CONSENT_RECORD, variables: { input: { ...rest, ...(anonymousId ? { anonymousId } : {}) } } }),
  }).then((response) => response.text()).then(() => window.dispatchEvent(new Event(CONSENT_RECORDED_EVENT))).catch(() => {
    // The choice stays in the browser; its record is best effort, like analytics.
  });
}
