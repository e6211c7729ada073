import type { SavedMethodRow } from '../../modules/subscriptions/index.ts';
import { builder } from '../builder.ts';

/** Spec §3 saved payment methods: one row type, shown as the union member its kind names. */
type Row = SavedMethodRow;
const isKind = (kind: string) => (v: unknown) => typeof v === 'object' && v !== null && (v as Row).kind === kind;

export const CreditCard = builder.objectRef<Row>('CreditCard').implement({
  isTypeOf: isKind('CREDIT_CARD'),
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), brand: t.string({ resolve: (m) => m.brand ?? 'unknown' }),
    name: t.exposeString('name', { nullable: true }), lastDigits: t.exposeString('lastDigits'), expMonth: t.int({ resolve: (m) => m.expMonth ?? 0 }),
    expYear: t.int({ resolve: (m) => m.expYear ?? 0 }), isActive: t.exposeBoolean('isActive'),
  }),
});
export const BankAccount = builder.objectRef<Row>('BankAccount').implement({
  isTypeOf: isKind('BANK_ACCOUNT'),
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }), bankName: t.exposeString('bankName', { nullable: true }),
  }),
});
export const SEPADirectDebit = builder.objectRef<Row>('SEPADirectDebit').implement({
  isTypeOf: isKind('SEPA_DIRECT_DEBIT'),
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }),
  }),
});

export const SavedPaymentMethod = builder.unionType('SavedPaymentMethod', { types: [CreditCard, BankAccount, SEPADirectDebit] });
