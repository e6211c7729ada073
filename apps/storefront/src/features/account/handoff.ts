import { safeLocalPath } from '@probe/domain';

/** A mobile handoff return: `/auth/callback?source=mobile&handoff=<code>&next=<path>`. */
export interface MobileHandoff {
  code: string;
  /** Where to go once signed in: `next` when it is a path on this site, otherwise the store's root. */
  target: string;
}

/**
 * The handoff in a return, or null for any other return (which is then state-checked like every other:
 * `source=mobile` alone never exempts a code + state return from the check).
 */
export function mobileHandoff(search: string): MobileHandoff | null {
  const params = new URLSearchParams(search);
  const code = params.get('handoff');
  if (params.get('source') !== 'mobile' || !code) return null;
  return { code, target: safeLocalPath(params.get('next')) ?? '/' };
}

/** The server's answer to a redeemed code, shaped as a token endpoint's (RFC 6749 §5.1). */
export interface HandoffTokenResponse {
  access_token?: string;
  token_type?: string;
  expires_in?: number | null;
}

/** Redeems the one-use code at our own server for the app's token (docs/decisions/0013). */
export async function redeemHandoff(code: string, fetcher: typeof fetch = fetch): Promise<HandoffTokenResponse> {
  const res = await fetcher('/auth/handoff/redeem', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ code }),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`handoff redeem answered ${res.status}`);
  return (await res.json()) as HandoffTokenResponse;
}
