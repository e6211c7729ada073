import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../src/i18n/messages/en.json';
import screensEn from '../src/i18n/messages/screens/en.json';
import type { InvoiceFields, OrderFields } from '../src/features/checkout/operations.ts';
import { afterProvider, invoiceConfirmationView, isFinal, orderConfirmationState, orderConfirmationView, POLL_LIMIT_MS, type ConfirmationView } from '../src/features/payments/confirmation-view.ts';
import { usePaymentPoll } from '../src/features/payments/use-payment-poll.ts';

const messages: Record<string, string> = { ...en, ...screensEn };
const money = (fractionalAmount: number, currency = 'EUR') => ({ currency, fractionalAmount });
const order = (paymentStatus: OrderFields['paymentStatus'], invoice: OrderFields['invoice'] = null) =>
  ({ token: 'o-token', number: '1042', paymentStatus, invoice, total: { currency: 'EUR', gross: money(4900) } }) as unknown as OrderFields;
const invoice = (status: InvoiceFields['status']): InvoiceFields =>
  ({ token: 'i-token', status, amount: money(9900, 'USD'), dueAt: '2026-12-01T00:00:00.000Z', orderNumber: '1044', orderToken: 'o-token' }) as InvoiceFields;

describe('payment confirmation: state → view', () => {
  it('an order: charged → paid, at the bank or partly charged → processing, charged nothing → failed (pay again by order)', () => {
    expect(orderConfirmationState(order('FULLY_CHARGED'))).toBe('PAID');
    expect(orderConfirmationState(order('ASYNC_PROCESSING'))).toBe('PROCESSING');
    expect(orderConfirmationState(order('PARTIALLY_CHARGED'))).toBe('PROCESSING');
    expect(orderConfirmationState(order('NOT_CHARGED'))).toBe('FAILED');
    expect(orderConfirmationView(order('NOT_CHARGED'))).toEqual({ state: 'FAILED', orderNumber: '1042', orderToken: 'o-token', amount: 4900, currency: 'EUR', retryPath: '/order-payment/o-token/' });
  });

  it('an order on an electronic quote: its open invoice is to be paid at the invoice page; a paid invoice is paid', () => {
    const open = { token: 'i-token', status: 'OPEN', amount: money(4900), dueAt: '2026-12-01' } as OrderFields['invoice'];
    expect(orderConfirmationView(order('NOT_CHARGED', open))).toMatchObject({ state: 'INVOICE_OPEN', retryPath: '/invoice-payment/i-token/' });
    expect(orderConfirmationState(order('NOT_CHARGED', { ...open!, status: 'PAID' }))).toBe('PAID');
  });

  it('an invoice: paid → paid (its order linked), open → failed (pay the invoice again)', () => {
    expect(invoiceConfirmationView(invoice('PAID'))).toEqual({ state: 'PAID', orderNumber: '1044', orderToken: 'o-token', amount: 9900, currency: 'USD', retryPath: '/invoice-payment/i-token/' });
    expect(invoiceConfirmationView(invoice('OPEN')).state).toBe('FAILED');
  });

  it("back from Stripe before its webhook: an open invoice or an unpaid order is processing (polled), not failed, unless Stripe said it failed", () => {
    expect(afterProvider(invoiceConfirmationView(invoice('OPEN')), 'succeeded').state).toBe('PROCESSING');
    expect(afterProvider(orderConfirmationView(order('NOT_CHARGED')), 'processing').state).toBe('PROCESSING');
    expect(afterProvider(invoiceConfirmationView(invoice('OPEN')), 'failed').state).toBe('FAILED');
    expect(afterProvider(invoiceConfirmationView(invoice('OPEN')), null).state).toBe('FAILED');
    expect(afterProvider(invoiceConfirmationView(invoice('PAID')), 'succeeded').state).toBe('PAID');
  });

  it('only processing is polled; every state has its heading and text in the catalogue', () => {
    expect(['PAID', 'FAILED', 'INVOICE_OPEN'].every((s) => isFinal(s as never))).toBe(true);
    expect(isFinal('PROCESSING')).toBe(false);
    for (const state of ['PAID', 'PROCESSING', 'FAILED', 'INVOICE_OPEN']) {
      expect(messages[`paymentConfirmation.heading.${state}`]).toBeTruthy();
      expect(messages[`paymentConfirmation.state.${state}`]).toBeTruthy();
    }
  });
});

describe('payment confirmation: polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const view = (state: ConfirmationView['state']): ConfirmationView => ({ state, orderNumber: '1', orderToken: 't', amount: 1, currency: 'EUR', retryPath: '/' });

  it('re-reads every 2 s while processing and stops once paid', async () => {
    const read = vi.fn().mockResolvedValueOnce(view('PROCESSING')).mockResolvedValueOnce(view('PAID'));
    const { result } = renderHook(() => usePaymentPoll(view('PROCESSING'), read));
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(read).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(1);
    expect(result.current.view.state).toBe('PROCESSING');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(result.current.view.state).toBe('PAID');
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(read).toHaveBeenCalledTimes(2);
    expect(result.current.timedOut).toBe(false);
  });

  it('gives up after about a minute (the page then says the buyer may leave); a failed read is retried', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(view('PROCESSING'));
    const { result } = renderHook(() => usePaymentPoll(view('PROCESSING'), read));
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS - 2_000));
    expect(result.current.timedOut).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(result.current.timedOut).toBe(true);
    const calls = read.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(28);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(read).toHaveBeenCalledTimes(calls);
  });

  it('does not poll a final state', async () => {
    const read = vi.fn();
    renderHook(() => usePaymentPoll(view('FAILED'), read));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(read).not.toHaveBeenCalled();
  });
});
