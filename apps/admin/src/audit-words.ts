import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useText, type MessageId } from './i18n/text.ts';

/**
 * The audit log in the console's words: an action (`order.refund`), a subject (`order:P-00012`) and the change
 * (the before and after the server recorded as JSON) as "label: before → after" lines. A code the console does
 * not know yet is shown as the server names it, never hidden.
 */
const ACTIONS = [
  'banner.create', 'banner.delete', 'banner.update', 'draft_order.cancel', 'draft_order.create', 'draft_order.delete', 'draft_order.send_link', 'draft_order.update',
  'invoice.mark_paid', 'lead.redeliver', 'learner.approve', 'learner.reject', 'maintenance.update', 'offer.create', 'offer.delete', 'offer.update',
  'order.cancel', 'order.confirmation_resend', 'order.refund', 'order.refund_failed', 'order.return_open', 'order.return_receive', 'order.return_refund', 'order.ship',
  'price.update', 'privacy.erasure.request', 'product.update', 'promo.activate', 'promo.create', 'promo.deactivate', 'promo.update',
  'staff.deactivate', 'staff.invitation_accept', 'staff.invitation_revoke', 'staff.invite', 'staff.owner_created', 'staff.role',
  'subscription.cancel_at_period_end', 'subscription.cancel_now', 'subscription.refund', 'subscription.retry_renewal',
  'tax-rate.update', 'variant.update', 'voucher.activate', 'voucher.create', 'voucher.deactivate',
] as const;
const SUBJECTS = ['banner', 'data-request', 'draft-order', 'lead', 'learner', 'offer', 'order', 'price', 'product', 'promo', 'shop', 'staff-invitation', 'subscription', 'tax', 'user', 'variant', 'voucher'] as const;
const FIELDS = [
  'amount', 'amountUndiscounted', 'applyNTimesPerOrder', 'cancelled', 'chargeStatus', 'code', 'countries', 'country', 'delivery', 'discountFixed', 'discountKind', 'discountPercent', 'email', 'expiresAt', 'invoice', 'isActive', 'linkExpiresAt', 'maintenanceAllowIps',
  'maintenanceMode', 'maintenancePageContent', 'maintenancePageHeader', 'maintenancePageUrl', 'name', 'note', 'paymentStatus', 'percent', 'reason', 'receivedAt',
  'refundId', 'refundedBefore', 'replaced', 'restocked', 'returnId', 'returned', 'rma', 'role', 'sessionsEnded', 'shipped', 'source', 'staffRole', 'startsAt', 'status', 'to',
  'usageLimit', 'userId', 'validUntil', 'voucherApplicableItemsSkus', 'voucherReleased',
] as const;
const VALUES = [
  'ASYNC_PROCESSING', 'FULLY_CHARGED', 'NOT_CHARGED', 'PARTIALLY_CHARGED', 'OPEN', 'PAID', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'REVOKED',
  'ACCEPTED', 'APPROVED', 'REJECTED', 'SENT', 'DRAFT', 'CANCELLED', 'DELIVERED', 'GAVE_UP', 'STAFF', 'SELF_SERVICE', 'PERCENT', 'FIXED',
] as const;
/** Amounts the server records in minor units (cents): shown with their two decimals. */
const MINOR_UNITS = new Set(['amount', 'amountUndiscounted', 'refundedBefore', 'total', 'shipping']);
const ROLES = new Set(['OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export interface AuditChange { field: string; before: string | null; after: string | null }

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function useAuditWords() {
  const { t, when } = useText();
  const intl = useIntl();
  return useMemo(() => {
    /** camelCase → "Camel case", for a field the catalogues do not name yet. */
    const humanize = (key: string) => {
      const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    };
    const field = (key: string) => ((FIELDS as readonly string[]).includes(key) ? t(`audit.field.${key}` as MessageId) : humanize(key));
    const value = (v: unknown, key = ''): string => {
      if (v === null || v === undefined || v === '') return '—';
      if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no');
      // A promo's percentage is kept in thousandths of a percent (5 % is 5000).
      if (typeof v === 'number' && key === 'discountPercent') return t('common.percent', { percent: v / 1000 });
      if (typeof v === 'number') return MINOR_UNITS.has(key) ? intl.formatNumber(v / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : intl.formatNumber(v);
      if (typeof v === 'string') {
        if (ROLES.has(v)) return t('layout.role', { role: v });
        if ((VALUES as readonly string[]).includes(v)) return t(`audit.value.${v}` as MessageId);
        if (ISO_TIME.test(v)) return when(v);
        return v;
      }
      if (Array.isArray(v)) return v.length ? v.map((x) => value(x, key)).join(', ') : '—';
      if (isRecord(v)) return Object.entries(v).map(([k, x]) => `${field(k)}: ${value(x, k)}`).join('; ');
      return String(v);
    };
    return {
      action: (code: string) => ((ACTIONS as readonly string[]).includes(code) ? t(`audit.action.${code}` as MessageId) : code),
      /** `order:P-00012` → "Order P-00012"; `price:DE:ACC-USBC-1M` → "Price DE · ACC-USBC-1M". */
      subject: (subject: string) => {
        const [kind, ...rest] = subject.split(':');
        const label = (SUBJECTS as readonly string[]).includes(kind!) ? t(`audit.subject.${kind}` as MessageId) : kind!;
        return rest.length ? `${label} ${rest.join(' · ')}` : label;
      },
      /** The fields that changed, each with its value before and after in words (all of them when one side is empty). */
      changes: (beforeJson: string | null, afterJson: string | null): AuditChange[] => {
        const before = parse(beforeJson);
        const after = parse(afterJson);
        if (!isRecord(before) && !isRecord(after)) {
          return before === null && after === null ? [] : [{ field: t('audit.field.value'), before: before === null ? null : value(before), after: after === null ? null : value(after) }];
        }
        const b = isRecord(before) ? before : {};
        const a = isRecord(after) ? after : {};
        const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
        return keys
          .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
          .map((k) => ({ field: field(k), before: k in b ? value(b[k], k) : null, after: k in a ? value(a[k], k) : null }))
          .filter((c) => (c.before ?? '—') !== (c.after ?? '—'));
      },
    };
  }, [t, when, intl]);
}
