import type { MessageId, Text } from '../i18n/text.ts';
import { returnReasonWords } from '../order-states.ts';

interface Event { type: string; payload: string }
interface Lines { id: number; sku: string }

const EVENT_WORDS: Record<string, MessageId> = {
  CANCELLED: 'order.event.CANCELLED', SHIPPED: 'order.event.SHIPPED', REFUNDED: 'order.event.REFUNDED', REFUND_FAILED: 'order.event.REFUND_FAILED',
  RETURN_OPENED: 'order.event.RETURN_OPENED', RETURN_RECEIVED: 'order.event.RETURN_RECEIVED',
};

/** What happened to an order, in the console's words, and its details as a sentence rather than JSON. */
export function describeEvent(e: Event, lines: Lines[], currency: string, { t, money }: Text): { what: string; details: string } {
  const what = Object.hasOwn(EVENT_WORDS, e.type) ? t(EVENT_WORDS[e.type]!) : e.type;
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(e.payload) as Record<string, unknown>;
  } catch {
    return { what, details: e.payload };
  }
  const sku = (id: unknown) => lines.find((l) => l.id === id)?.sku ?? '';
  const items = (list: unknown) => (Array.isArray(list) ? list : []).map((l: { orderLineId?: number; quantity?: number }) => `${l.quantity} × ${sku(l.orderLineId)}`).join(', ');
  const reason = typeof p.reason === 'string' && p.reason ? p.reason : null;
  if (e.type === 'SHIPPED') return { what, details: [`${p.carrier === 'OTHER' ? '' : String(p.carrier)} ${String(p.trackingNumber)}`.trim(), items(p.lines)].filter(Boolean).join(' · ') };
  if (e.type === 'REFUNDED' || e.type === 'REFUND_FAILED') {
    const parts = [money(Number(p.amount), String(p.currency ?? currency)), items(p.lines)];
    if (Number(p.shipping) > 0) parts.push(t('order.refund.shipping', { amount: money(Number(p.shipping), String(p.currency ?? currency)) }));
    return { what, details: [...parts, reason].filter(Boolean).join(' · ') };
  }
  if (e.type === 'RETURN_OPENED') {
    return { what, details: [String(p.rma ?? ''), items(p.lines), typeof p.reason === 'string' ? returnReasonWords(t, p.reason) : null, typeof p.note === 'string' ? p.note : null].filter(Boolean).join(' · ') };
  }
  if (e.type === 'RETURN_RECEIVED') return { what, details: String(p.rma ?? '—') };
  if (e.type === 'CANCELLED') {
    const back = Array.isArray(p.restocked) ? (p.restocked as Array<{ sku: string; quantity: number }>).map((r) => `${r.quantity} × ${r.sku}`).join(', ') : '';
    return { what, details: [reason, back ? t('order.event.restocked', { items: back }) : null].filter(Boolean).join(' · ') || '—' };
  }
  return { what, details: e.payload };
}
