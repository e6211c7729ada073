import { describe, expect, it } from 'vitest';
import { probePurchaseRefusal, purchasedProbeModel, type ProbeBuyer } from '../src/index.ts';

const user = (plus: boolean, iq3: boolean, membership: ProbeBuyer['membership'] = null): ProbeBuyer => ({ canBuyPersonalProbePlus: plus, canBuyPersonalProbeIq3: iq3, membership });
const member = (canPurchasePersonalProbe: boolean) => ({ isOrganizationAdmin: false, canPurchasePersonalProbe });
const admin = (canPurchasePersonalProbe: boolean) => ({ isOrganizationAdmin: true, canPurchasePersonalProbe });

describe('which variants sell a probe to keep', () => {
  it('probes and bundles with a model do; rentals and plans or accessories do not', () => {
    expect(purchasedProbeModel({ model: 'IQ_PLUS', planKind: 'NONE' })).toBe('IQ_PLUS');
    expect(purchasedProbeModel({ model: 'IQ_3', planKind: 'PRO_THREE_YEAR' })).toBe('IQ_3');
    expect(purchasedProbeModel({ model: 'IQ_3', planKind: 'RENTAL' })).toBeNull();
    expect(purchasedProbeModel({ model: null, planKind: 'INDIVIDUAL' })).toBeNull();
    expect(purchasedProbeModel({ planKind: 'NONE' })).toBeNull();
    expect(purchasedProbeModel({ model: 'OTHER', planKind: 'NONE' })).toBeNull();
  });
});

describe('who may buy a probe', () => {
  it('anyone anonymous, and anything that is not a probe', () => {
    expect(probePurchaseRefusal(null, 'IQ_PLUS')).toBeNull();
    expect(probePurchaseRefusal(user(false, false, member(false)), null)).toBeNull();
  });

  it('a user buys IQ+ only with canBuyPersonalProbePlus and IQ3 only with canBuyPersonalProbeIq3', () => {
    expect(probePurchaseRefusal(user(true, true), 'IQ_PLUS')).toBeNull();
    expect(probePurchaseRefusal(user(false, true), 'IQ_PLUS')).toBe('MODEL_NOT_ALLOWED');
    expect(probePurchaseRefusal(user(false, true), 'IQ_3')).toBeNull();
    expect(probePurchaseRefusal(user(true, false), 'IQ_3')).toBe('MODEL_NOT_ALLOWED');
    expect(probePurchaseRefusal(user(true, false), 'IQ_PLUS')).toBeNull();
    // The first IQ has no flag of its own: only the organization's rule applies to it.
    expect(probePurchaseRefusal(user(false, false), 'IQ')).toBeNull();
  });

  it("a member buys for the organization only with the membership's canPurchasePersonalProbe; an admin always may", () => {
    expect(probePurchaseRefusal(user(true, true, member(true)), 'IQ_3')).toBeNull();
    expect(probePurchaseRefusal(user(true, true, member(false)), 'IQ_3')).toBe('ORGANIZATION_ADMINS_ONLY');
    expect(probePurchaseRefusal(user(true, true, member(false)), 'IQ')).toBe('ORGANIZATION_ADMINS_ONLY');
    expect(probePurchaseRefusal(user(true, true, admin(false)), 'IQ_3')).toBeNull();
  });

  it("the model rule is told first (an admin cannot lift it), and binds admins too", () => {
    expect(probePurchaseRefusal(user(false, true, member(false)), 'IQ_PLUS')).toBe('MODEL_NOT_ALLOWED');
    expect(probePurchaseRefusal(user(false, true, admin(true)), 'IQ_PLUS')).toBe('MODEL_NOT_ALLOWED');
    expect(probePurchaseRefusal(user(false, true, member(false)), 'IQ_3')).toBe('ORGANIZATION_ADMINS_ONLY');
  });
});
