import { describe, expect, it } from 'vitest';
import { messageIdFor } from '../src/data/error-messages.ts';
import { loadScreenMessages } from '../src/i18n/catalogues.ts';
import type { UpgradeMembership } from '../src/features/upgrades/operations.ts';
import { addonChange, largerPlans, parseSeats, standing, startingSeats } from '../src/features/upgrades/plan-rules.ts';
import { submissionKeys } from '../src/features/upgrades/use-charge.ts';
import { chosenMembership } from '../src/features/upgrades/use-upgrade-account.ts';
import { variantOf } from '../src/features/upgrades/routes/pro-custom-change.tsx';

describe('upgrade pages: which plans, seats and add-ons are offered', () => {
  it('offers only larger plans: Pro → Team or Clinic, Team → Clinic, Core → Pro, Team or Clinic; nothing above Clinic', () => {
    expect(largerPlans('INDIVIDUAL')).toEqual(['TEAM', 'CLINIC']);
    expect(largerPlans('TEAM')).toEqual(['CLINIC']);
    expect(largerPlans('CORE')).toEqual(['INDIVIDUAL', 'TEAM', 'CLINIC']);
    expect(largerPlans('PRO_CUSTOM')).toEqual(['TEAM', 'CLINIC']);
    expect(largerPlans('CLINIC')).toEqual([]);
    expect(largerPlans('INDIVIDUAL_FOREVER')).toEqual([]);
  });

  it('starts the seats at what the organization has, within the plan\'s range, and reads only whole numbers', () => {
    expect(startingSeats(1, { minSeats: 2, maxSeats: 25 })).toBe(2);
    expect(startingSeats(10, { minSeats: 5, maxSeats: 50 })).toBe(10);
    expect(startingSeats(80, { minSeats: 5, maxSeats: 50 })).toBe(50);
    expect(parseSeats('12')).toBe(12);
    expect(parseSeats(' 3 ')).toBe(3);
    for (const bad of ['', '2.5', '-1', 'abc', '12345']) expect(parseSeats(bad), bad).toBeNull();
  });

  it('an ended or past-due subscription is renewed; an active or trialing one changed', () => {
    expect(standing('ACTIVE')).toBe('running');
    expect(standing('TRIALING')).toBe('running');
    expect(standing('CANCELED')).toBe('ended');
    expect(standing('PAST_DUE')).toBe('ended');
    expect(standing(null)).toBe('none');
  });

  it('a Pro Custom upgrade keeps the add-ons it has and adds; a downgrade keeps at least one', () => {
    expect(addonChange('upgrade', ['EDUCATION'], ['DIAGNOSTIC_TOOLS'])).toEqual(['DIAGNOSTIC_TOOLS', 'EDUCATION']);
    expect(addonChange('upgrade', ['EDUCATION'], [])).toBeNull();
    expect(addonChange('downgrade', ['EDUCATION', 'COLLABORATION'], ['COLLABORATION'])).toEqual(['COLLABORATION']);
    expect(addonChange('downgrade', ['EDUCATION', 'COLLABORATION'], [])).toBeNull();
    expect(addonChange('downgrade', ['EDUCATION', 'COLLABORATION'], ['EDUCATION', 'COLLABORATION'])).toBeNull();
    expect(variantOf('/us/en/pro-custom/downgrade/')).toBe('downgrade');
    expect(variantOf('/us/en/pro-custom/reactivation/')).toBe('reactivation');
    expect(variantOf('/us/en/pro-custom/upgrade/')).toBe('upgrade');
  });
});

describe('upgrade pages: the account they act for', () => {
  const membership = (id: string, admin: boolean, subscribed: boolean) => ({
    id, isOrganizationAdmin: admin, availableReusablePaymentMethods: [],
    organization: { id: `o-${id}`, subscription: subscribed ? { planType: 'INDIVIDUAL' } : null },
  }) as unknown as UpgradeMembership;

  it('prefers a membership the user administers that has a subscription', () => {
    expect(chosenMembership([membership('a', false, true), membership('b', true, true)])?.id).toBe('b');
    expect(chosenMembership([membership('a', true, false), membership('b', false, true)])?.id).toBe('b');
    expect(chosenMembership([membership('a', true, false)])?.id).toBe('a');
    expect(chosenMembership([])).toBeNull();
  });
});

describe('upgrade pages: charging', () => {
  it('keeps one idempotency key across retries of the same submission, and a fresh one after an answer or for another request', () => {
    let n = 0;
    const keys = submissionKeys(() => `key-${++n}`);
    const upgrade = { kind: 'change' as const, input: { plan: 'TEAM' as const, seats: 3 }, expectedAmount: 12_345 };
    const first = keys.keyFor(upgrade);
    expect(keys.keyFor({ ...upgrade, input: { ...upgrade.input } })).toBe(first);
    const other = keys.keyFor({ ...upgrade, expectedAmount: 13_000 });
    expect(other).not.toBe(first);
    keys.answered();
    expect(keys.keyFor({ ...upgrade, expectedAmount: 13_000 })).not.toBe(other);
  });

  it('translates every subscription error code the API names, in every language', async () => {
    const codes = ['NOT_FOUND', 'OPERATION_NOT_ALLOWED', 'CANT_EDIT_WITH_CREDITS', 'ENTERPRISE_CODE_REQUIRED', 'PAYMENT_NOT_FOUND', 'PRICES_ARE_CHANGED', 'CARD_DECLINED', 'EXPIRED_CARD', 'PAYMENT_ERROR'];
    const ids = [
      ...codes.flatMap((code) => ['ChangeSubscription', 'SubscriptionRenewal'].map((op) => messageIdFor(op, { code }))),
      messageIdFor('ChangeSubscription', { field: 'seats', code: 'INVALID' }),
      messageIdFor('ChangeSubscription', { field: 'proCustomFeatures', code: 'INVALID' }),
      messageIdFor('ChangeSubscription', { code: 'NO_ANSWER' }),
    ];
    expect(ids.filter((id) => id === 'errors.notFound')).toEqual([]);
    expect(messageIdFor('ChangeSubscription', { code: 'PRICES_ARE_CHANGED' })).toBe('upgrade.error.pricesChanged');
    expect(messageIdFor('ChangeSubscription', { field: 'seats', code: 'INVALID' })).toBe('upgrade.error.seats');
    for (const language of ['de', 'ar', 'pl'] as const) {
      const messages = await loadScreenMessages(language);
      const english = await loadScreenMessages('en');
      for (const id of ids) {
        expect(messages[id], `${language} ${id}`).toBeTruthy();
        expect(messages[id], `${language} ${id}`).not.toBe(english[id]);
      }
    }
  });
});
