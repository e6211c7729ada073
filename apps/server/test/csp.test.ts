import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, thirdPartyOrigins } from '../src/http/storefront.ts';

describe('the pages\' Content-Security-Policy', () => {
  const bundle = { inlineScriptHashes: ["'sha256-abc'"] };
  it('allows only our origin by default', () => {
    const csp = contentSecurityPolicy(bundle, thirdPartyOrigins({ PAYMENT_GATEWAY: 'test', VITE_FINANCING_SCRIPT_URL: undefined }));
    expect(csp).toContain("script-src 'self' 'sha256-abc';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain('stripe');
  });
  it('allows Stripe\'s script, frames and API in Stripe mode, and the financing partner\'s script when configured', () => {
    const csp = contentSecurityPolicy(bundle, thirdPartyOrigins({ PAYMENT_GATEWAY: 'stripe', VITE_FINANCING_SCRIPT_URL: 'https://cdn.lender.example/widget.js?v=2' }));
    expect(csp).toContain("script-src 'self' 'sha256-abc' https://js.stripe.com https://cdn.lender.example;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });
});
