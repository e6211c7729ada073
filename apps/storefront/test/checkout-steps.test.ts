import { describe, expect, it } from 'vitest';
import { nextStep, resolveStep, stepsFor } from '../src/features/checkout/steps.ts';

const address = { firstName: 'A' } as never;
const base = { email: null, isShippingRequired: true, shippingAddress: null, shippingMethod: null, billingAddress: null, lines: [] };

describe('checkout steps: a pure function of the checkout, driven by the URL', () => {
  it('has a shipping step only when something ships', () => {
    expect(stepsFor(base)).toEqual(['contact', 'shipping', 'billing', 'payment']);
    expect(stepsFor({ ...base, isShippingRequired: false })).toEqual(['contact', 'billing', 'payment']);
  });

  it('opens at the first step not done, and a URL cannot skip ahead', () => {
    expect(resolveStep(base, undefined)).toBe('contact');
    expect(resolveStep(base, 'payment')).toBe('contact');
    const contacted = { ...base, email: 'a@b.co' };
    expect(resolveStep(contacted, 'payment')).toBe('shipping');
    expect(resolveStep(contacted, 'contact')).toBe('contact');
    const shipped = { ...contacted, shippingAddress: address, shippingMethod: { id: 'STANDARD' } };
    expect(resolveStep(shipped, 'payment')).toBe('billing');
    expect(resolveStep({ ...shipped, billingAddress: address }, 'payment')).toBe('payment');
    expect(resolveStep({ ...shipped, billingAddress: address }, 'nonsense')).toBe('payment');
  });

  it('goes on to the next step that applies', () => {
    expect(nextStep(base, 'contact')).toBe('shipping');
    expect(nextStep({ ...base, isShippingRequired: false }, 'contact')).toBe('billing');
  });
});
