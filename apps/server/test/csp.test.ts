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

describe('the marketing forms\' framing (spec §2 embedding)', () => {
  const bundle = { inlineScriptHashes: [] };
  it('lets exactly the configured parent origins frame a form page, and nobody frame a store page', () => {
    const none = { script: [], frame: [], connect: [] };
    expect(contentSecurityPolicy(bundle, none)).toContain("frame-ancestors 'none'");
    const forms = contentSecurityPolicy(bundle, none, ['https://probe.store', 'https://vet.probe.example']);
    expect(forms).toContain("frame-ancestors 'self' https://probe.store https://vet.probe.example");
    expect(forms).not.toContain('*');
  });
});
