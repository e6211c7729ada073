/** Spec §3 order payment (charge) states and invoice states. */
export const CHARGE_STATUSES = ['ASYNC_PROCESSING', 'FULLY_CHARGED', 'NOT_CHARGED', 'PARTIALLY_CHARGED'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const INVOICE_STATUSES = ['OPEN', 'PAID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Legal transitions of an order's charge status (the spec shows none; these are the ones a payment can make):
 * - an asynchronous payment settles (FULLY_CHARGED) or fails (NOT_CHARGED);
 * - an unpaid order (quote) is paid in part or in full;
 * - a partly paid order is paid in full.
 * Nothing leaves FULLY_CHARGED (refunds are a separate record).
 */
const CHARGE_TRANSITIONS: Record<ChargeStatus, readonly ChargeStatus[]> = {
  ASYNC_PROCESSING: ['FULLY_CHARGED', 'NOT_CHARGED'],
  NOT_CHARGED: ['ASYNC_PROCESSING', 'PARTIALLY_CHARGED', 'FULLY_CHARGED'],
  PARTIALLY_CHARGED: ['FULLY_CHARGED', 'ASYNC_PROCESSING'],
  FULLY_CHARGED: [],
};

export function canChangeCharge(from: ChargeStatus, to: ChargeStatus): boolean {
  return CHARGE_TRANSITIONS[from].includes(to);
}

/** An invoice is opened unpaid and paid once. */
export function canChangeInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return from === 'OPEN' && to === 'PAID';
}
