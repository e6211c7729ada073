import { describe, expect, it } from 'vitest';
import { financingScriptSrc } from '../src/lib/financing.ts';

describe('payment-financing snippet', () => {
  it('loads nothing when no script URL is configured', () => {
    expect(financingScriptSrc('IQ', undefined)).toBeNull();
    expect(financingScriptSrc('IQ', null)).toBeNull();
    expect(financingScriptSrc('IQ', '')).toBeNull();
    expect(financingScriptSrc('IQ', '   ')).toBeNull();
  });

  it('loads only in the iq store variant', () => {
    expect(financingScriptSrc('IQ', 'https://cdn.financing.example/widget.js')).toBe('https://cdn.financing.example/widget.js');
    expect(financingScriptSrc('VET', 'https://cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc(undefined, 'https://cdn.financing.example/widget.js')).toBeNull();
  });

  it('accepts an https URL or a path on the store\'s own origin, nothing else', () => {
    expect(financingScriptSrc('IQ', ' /financing/widget.js ')).toBe('/financing/widget.js');
    expect(financingScriptSrc('IQ', 'http://cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc('IQ', '//cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc('IQ', 'javascript:alert(1)')).toBeNull();
    expect(financingScriptSrc('IQ', 'not a url')).toBeNull();
  });
});
