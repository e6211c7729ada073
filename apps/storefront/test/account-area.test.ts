import { describe, expect, it } from 'vitest';
import { sectionOf, sectionsFor } from '../src/features/account/area/sections.ts';
import { fulfilmentBadge, paymentBadge } from '../src/features/account/area/order-status.ts';

const membership = (admin: boolean, referrerToken: string | null = null) => ({ isOrganizationAdmin: admin, referrerToken }) as never;

describe('the account area\'s sections (issue 36)', () => {
  it('lists only the sections the user has', () => {
    const ids = (memberships: never[]) => sectionsFor({ organizationMemberships: memberships }).map((s) => s.id);
    expect(ids([])).toEqual(['profile', 'orders', 'organizations', 'learner']);
    expect(ids([membership(false)])).toEqual(['profile', 'orders', 'subscription', 'organizations', 'learner']);
    expect(ids([membership(false, 'tok'), membership(true)])).toEqual(['profile', 'orders', 'subscription', 'paymentMethods', 'organizations', 'learner', 'referrals']);
  });

  it('knows the section of every page in it, the spec\'s own paths included', () => {
    expect(sectionOf('/account/')).toBe('profile');
    expect(sectionOf('/account/orders/1042/')).toBe('orders');
    expect(sectionOf('/account/organization/m-1/')).toBe('organizations');
    expect(sectionOf('/account/organization/new')).toBe('organizations');
    expect(sectionOf('/subscription/')).toBe('subscription');
    expect(sectionOf('/vet/learner-verification/')).toBe('learner');
    expect(sectionOf('/cart/')).toBeNull();
  });
});

describe('order status badges', () => {
  const order = { paymentStatus: 'FULLY_CHARGED', paymentState: 'PAID', fulfilmentState: 'UNFULFILLED', cancelled: false, invoice: null } as const;
  it('cancelled outranks the payment, refunds outrank paid', () => {
    expect(paymentBadge({ ...order, cancelled: true }).key).toBe('order.badge.cancelled');
    expect(paymentBadge({ ...order, paymentState: 'PARTLY_REFUNDED' }).key).toBe('order.badge.partlyRefunded');
    expect(paymentBadge({ ...order, paymentState: 'REFUNDED' }).key).toBe('order.badge.refunded');
    expect(paymentBadge(order).key).toBe('order.badge.paid');
  });
  it('an unpaid order: an open invoice, a failed payment, or waiting', () => {
    const unpaid = { ...order, paymentStatus: 'NOT_CHARGED', paymentState: 'UNPAID' } as const;
    expect(paymentBadge({ ...unpaid, invoice: { token: 't', status: 'OPEN' } }).key).toBe('order.badge.invoiceOpen');
    expect(paymentBadge(unpaid).key).toBe('order.badge.paymentFailed');
    expect(paymentBadge({ ...unpaid, paymentStatus: 'ASYNC_PROCESSING', paymentState: 'PROCESSING' }).key).toBe('order.badge.processing');
  });
  it('shipping: none for nothing to ship or a cancelled order', () => {
    expect(fulfilmentBadge({ ...order, fulfilmentState: 'PARTLY_SHIPPED' }, {})!.key).toBe('order.badge.partlyShipped');
    expect(fulfilmentBadge({ ...order, fulfilmentState: 'NONE' }, {})).toBeNull();
    expect(fulfilmentBadge({ ...order, fulfilmentState: 'SHIPPED', cancelled: true }, {})).toBeNull();
  });
});
