import { describe, expect, it } from 'vitest';
import { offerRefusal, offersProbe } from '../src/features/account/probe-rights.ts';

const lakeside = (isOrganizationAdmin: boolean, canPurchasePersonalProbe: boolean) => ({
  id: 'm-1', isOrganizationAdmin, canPurchasePersonalProbe, organization: { id: 'o-1', name: 'Lakeside Clinic', slug: 'lakeside-clinic', country: 'US' as const },
});
const me = (plus: boolean, iq3: boolean, memberships: Array<ReturnType<typeof lakeside>> = []) => ({ canBuyPersonalProbePlus: plus, canBuyPersonalProbeIq3: iq3, organizationMemberships: memberships });
const iqPlus = { model: 'IQ_PLUS', planKind: 'NONE' };
const iq3 = { model: 'IQ_3', planKind: 'NONE' };
const cable = { model: null, planKind: 'NONE' };

describe('what a signed-in user is offered as buyable', () => {
  it('anything but probes, whatever their rights', () => {
    expect(offersProbe([cable, { planKind: 'INDIVIDUAL' }])).toBe(false);
    expect(offerRefusal(me(false, false, [lakeside(false, false)]), [cable])).toBeNull();
    // A rental keeps the probe ours: not a probe bought.
    expect(offerRefusal(me(false, false), [{ model: 'IQ_3', planKind: 'RENTAL' }])).toBeNull();
  });

  it('not a model their account may not buy', () => {
    expect(offerRefusal(me(false, true), [iqPlus])).toEqual({ refusal: 'MODEL_NOT_ALLOWED', organization: null });
    expect(offerRefusal(me(false, true), [iq3])).toBeNull();
  });

  it("no probe for a member of an organization that leaves them to its admins, naming the organization of the purchase (the first)", () => {
    expect(offerRefusal(me(true, true, [lakeside(false, false)]), [cable, iq3])).toEqual({
      refusal: 'ORGANIZATION_ADMINS_ONLY', organization: { name: 'Lakeside Clinic', membershipId: 'm-1' },
    });
    expect(offerRefusal(me(true, true, [lakeside(false, true)]), [iq3])).toBeNull();
    expect(offerRefusal(me(true, true, [lakeside(true, false)]), [iq3, iqPlus])).toBeNull();
  });
});
