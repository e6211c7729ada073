import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useText, type MessageId } from './i18n/text.ts';

/**
 * The audit log in the console's words: an action (`order.refund`), a subject (`order:P-00012`) and the change
 * (the before and after the server recorded as JSON) as "label: before → after" lines. A code the console does
 * not know yet is shown as the server names it, never hidden.
 */
const ACTIONS: Record<string, MessageId> = {
  'banner.create': 'audit.action.banner.create', 'banner.delete': 'audit.action.banner.delete',
  'banner.update': 'audit.action.banner.update', 'draft_order.cancel': 'audit.action.draft_order.cancel',
  'draft_order.create': 'audit.action.draft_order.create', 'draft_order.delete': 'audit.action.draft_order.delete',
  'draft_order.send_link': 'audit.action.draft_order.send_link', 'draft_order.update': 'audit.action.draft_order.update',
  'invoice.mark_paid': 'audit.action.invoice.mark_paid', 'lead.redeliver': 'audit.action.lead.redeliver',
  'learner.approve': 'audit.action.learner.approve', 'learner.reject': 'audit.action.learner.reject',
  'maintenance.update': 'audit.action.maintenance.update', 'offer.create': 'audit.action.offer.create',
  'offer.delete': 'audit.action.offer.delete', 'offer.update': 'audit.action.offer.update',
  'order.cancel': 'audit.action.order.cancel', 'order.confirmation_resend': 'audit.action.order.confirmation_resend',
  'order.refund': 'audit.action.order.refund', 'order.refund_failed': 'audit.action.order.refund_failed',
  'order.return_open': 'audit.action.order.return_open', 'order.return_receive': 'audit.action.order.return_receive',
  'order.return_refund': 'audit.action.order.return_refund', 'order.ship': 'audit.action.order.ship',
  'price.update': 'audit.action.price.update', 'privacy.erasure.request': 'audit.action.privacy.erasure.request',
  'product.update': 'audit.action.product.update', 'promo.activate': 'audit.action.promo.activate',
  'promo.create': 'audit.action.promo.create', 'promo.deactivate': 'audit.action.promo.deactivate',
  'promo.update': 'audit.action.promo.update', 'staff.deactivate': 'audit.action.staff.deactivate',
  'staff.invitation_accept': 'audit.action.staff.invitation_accept', 'staff.invitation_revoke': 'audit.action.staff.invitation_revoke',
  'staff.invite': 'audit.action.staff.invite', 'staff.owner_created': 'audit.action.staff.owner_created',
  'staff.role': 'audit.action.staff.role', 'subscription.cancel_at_period_end': 'audit.action.subscription.cancel_at_period_end',
  'subscription.cancel_now': 'audit.action.subscription.cancel_now', 'subscription.refund': 'audit.action.subscription.refund',
  'subscription.retry_renewal': 'audit.action.subscription.retry_renewal', 'tax-rate.update': 'audit.action.tax-rate.update',
  'variant.update': 'audit.action.variant.update', 'voucher.activate': 'audit.action.voucher.activate',
  'voucher.create': 'audit.action.voucher.create', 'voucher.deactivate': 'audit.action.voucher.deactivate',
};
const SUBJECTS: Record<string, MessageId> = {
  'banner': 'audit.subject.banner', 'data-request': 'audit.subject.data-request',
  'draft-order': 'audit.subject.draft-order', 'lead': 'audit.subject.lead',
  'learner': 'audit.subject.learner', 'offer': 'audit.subject.offer',
  'order': 'audit.subject.order', 'price': 'audit.subject.price',
  'product': 'audit.subject.product', 'promo': 'audit.subject.promo',
  'shop': 'audit.subject.shop', 'staff-invitation': 'audit.subject.staff-invitation',
  'subscription': 'audit.subject.subscription', 'tax': 'audit.subject.tax',
  'user': 'audit.subject.user', 'variant': 'audit.subject.variant',
  'voucher': 'audit.subject.voucher',
};
const FIELDS: Record<string, MessageId> = {
  'amount': 'audit.field.amount', 'amountUndiscounted': 'audit.field.amountUndiscounted',
  'applyNTimesPerOrder': 'audit.field.applyNTimesPerOrder', 'cancelled': 'audit.field.cancelled',
  'chargeStatus': 'audit.field.chargeStatus', 'code': 'audit.field.code',
  'countries': 'audit.field.countries', 'country': 'audit.field.country',
  'delivery': 'audit.field.delivery', 'discountFixed': 'audit.field.discountFixed',
  'discountKind': 'audit.field.discountKind', 'discountPercent': 'audit.field.discountPercent',
  'email': 'audit.field.email', 'expiresAt': 'audit.field.expiresAt',
  'invoice': 'audit.field.invoice', 'isActive': 'audit.field.isActive',
  'linkExpiresAt': 'audit.field.linkExpiresAt', 'maintenanceAllowIps': 'audit.field.maintenanceAllowIps',
  'maintenanceMode': 'audit.field.maintenanceMode', 'maintenancePageContent': 'audit.field.maintenancePageContent',
  'maintenancePageHeader': 'audit.field.maintenancePageHeader', 'maintenancePageUrl': 'audit.field.maintenancePageUrl',
  'name': 'audit.field.name', 'note': 'audit.field.note',
  'paymentStatus': 'audit.field.paymentStatus', 'percent': 'audit.field.percent',
  'reason': 'audit.field.reason', 'receivedAt': 'audit.field.receivedAt',
  'refundId': 'audit.field.refundId', 'refundedBefore': 'audit.field.refundedBefore',
  'replaced': 'audit.field.replaced', 'restocked': 'audit.field.restocked',
  'returnId': 'audit.field.returnId', 'returned': 'audit.field.returned',
  'rma': 'audit.field.rma', 'role': 'audit.field.role',
  'sessionsEnded': 'audit.field.sessionsEnded', 'shipped': 'audit.field.shipped',
  'source': 'audit.field.source', 'staffRole': 'audit.field.staffRole',
  'startsAt': 'audit.field.startsAt', 'status': 'audit.field.status',
  'to': 'audit.field.to', 'usageLimit': 'audit.field.usageLimit',
  'userId': 'audit.field.userId', 'validUntil': 'audit.field.validUntil',
  'voucherApplicableItemsSkus': 'audit.field.voucherApplicableItemsSkus', 'voucherReleased': 'audit.field.voucherReleased',
};
const VALUES: Record<string, MessageId> = {
  'ASYNC_PROCESSING': 'audit.value.ASYNC_PROCESSING', 'FULLY_CHARGED': 'audit.value.FULLY_CHARGED',
  'NOT_CHARGED': 'audit.value.NOT_CHARGED', 'PARTIALLY_CHARGED': 'audit.value.PARTIALLY_CHARGED',
  'OPEN': 'audit.value.OPEN', 'PAID': 'audit.value.PAID',
  'PENDING': 'audit.value.PENDING', 'PROCESSING': 'audit.value.PROCESSING',
  'SUCCEEDED': 'audit.value.SUCCEEDED', 'FAILED': 'audit.value.FAILED',
  'REFUNDED': 'audit.value.REFUNDED', 'REVOKED': 'audit.value.REVOKED',
  'ACCEPTED': 'audit.value.ACCEPTED', 'APPROVED': 'audit.value.APPROVED',
  'REJECTED': 'audit.value.REJECTED', 'SENT': 'audit.value.SENT',
  'DRAFT': 'audit.value.DRAFT', 'CANCELLED': 'audit.value.CANCELLED',
  'DELIVERED': 'audit.value.DELIVERED', 'GAVE_UP': 'audit.value.GAVE_UP',
  'STAFF': 'audit.value.STAFF', 'SELF_SERVICE': 'audit.value.SELF_SERVICE',
  'PERCENT': 'audit.value.PERCENT', 'FIXED': 'audit.value.FIXED',
  // A promo's kind of code.
  'VOUCHER': 'words.codeKind.VOUCHER', 'AFFILIATE': 'words.codeKind.AFFILIATE', 'REFERRAL': 'words.codeKind.REFERRAL',
};
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
    const field = (key: string) => (Object.hasOwn(FIELDS, key) ? t(FIELDS[key]!) : humanize(key));
    const value = (v: unknown, key = ''): string => {
      if (v === null || v === undefined || v === '') return '—';
      if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no');
      // A promo's percentage is kept in thousandths of a percent (5 % is 5000).
      if (typeof v === 'number' && key === 'discountPercent') return t('common.percent', { percent: v / 1000 });
      if (typeof v === 'number') return MINOR_UNITS.has(key) ? intl.formatNumber(v / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : intl.formatNumber(v);
      if (typeof v === 'string') {
        if (ROLES.has(v)) return t('layout.role', { role: v });
        if (Object.hasOwn(VALUES, v)) return t(VALUES[v]!);
        if (ISO_TIME.test(v)) return when(v);
        return v;
      }
      if (Array.isArray(v)) return v.length ? v.map((x) => value(x, key)).join(', ') : '—';
      if (isRecord(v)) return Object.entries(v).map(([k, x]) => `${field(k)}: ${value(x, k)}`).join('; ');
      return String(v);
    };
    return {
      action: (code: string) => (Object.hasOwn(ACTIONS, code) ? t(ACTIONS[code]!) : code),
      /** A kind of thing changed (`price`, `staff-invitation`) as the audit log's filter names it. */
      kind: (code: string) => (Object.hasOwn(SUBJECTS, code) ? t(SUBJECTS[code]!) : code),
      /** `order:P-00012` → "Order P-00012"; `price:DE:ACC-USBC-1M` → "Price DE · ACC-USBC-1M". */
      subject: (subject: string) => {
        const [kind, ...rest] = subject.split(':');
        const label = Object.hasOwn(SUBJECTS, kind!) ? t(SUBJECTS[kind!]!) : kind!;
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
