import type { SavedMethodRow } from '../../modules/subscriptions/index.ts';
import { builder } from '../builder.ts';

/** Spec §3 saved payment methods: one row type, shown as the union member its kind names. */
type Row = SavedMethodRow;

export const CreditCard = builder.objectRef<Row>('CreditCard').implement({
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), brand: t.string({ resolve: (m) => m.brand ?? 'unknown' }),
    name: t.exposeString('name', { nullable: true }), lastDigits: t.exposeString('lastDigits'), expMonth: t.int({ resolve: (m) => m.expMonth ?? 0 }),
    expYear: t.int({ resolve: (m) => m.expYear ?? 0 }), isActive: t.exposeBoolean('isActive'),
  }),
});
export const BankAccount = builder.objectRef<Row>('BankAccount').implement({
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }), bankName: t.exposeString('bankName', { nullable: true }),
  }),
});
export const SEPADirectDebit = builder.objectRef<Row>('SEPADirectDebit').implement({
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }),
  }),
});

const BY_KIND = { CREDIT_CARD: CreditCard, BANK_ACCOUNT: BankAccount, SEPA_DIRECT_DEBIT: SEPADirectDebit } as const;

export const SavedPaymentMethod = builder.unionType('SavedPaymentMethod', {
  types: [CreditCard, BankAccount, SEPADirectDebit],
  resolveType: (m) => BY_KIND[m.kind as keyof typeof BY_KIND],
});
