import { builder } from '../builder.ts';

/** Spec §3 saved payment methods; resolved for signed-in members once accounts and payments exist. */
interface CardRow { id: string; isPrimary: boolean; paymentToken: string; brand: string; name: string | null; lastDigits: string; expMonth: number; expYear: number; isActive: boolean }
interface BankRow { id: string; isPrimary: boolean; paymentToken: string; lastDigits: string; bankCountry: string | null; bankName: string | null }
interface SepaRow { id: string; isPrimary: boolean; paymentToken: string; lastDigits: string; bankCountry: string | null }

export const CreditCard = builder.objectRef<CardRow>('CreditCard').implement({
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'brand' in v,
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), brand: t.exposeString('brand'),
    name: t.exposeString('name', { nullable: true }), lastDigits: t.exposeString('lastDigits'), expMonth: t.exposeInt('expMonth'),
    expYear: t.exposeInt('expYear'), isActive: t.exposeBoolean('isActive'),
  }),
});
export const BankAccount = builder.objectRef<BankRow>('BankAccount').implement({
  isTypeOf: (v) => typeof v === 'object' && v !== null && 'bankName' in v,
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }), bankName: t.exposeString('bankName', { nullable: true }),
  }),
});
export const SEPADirectDebit = builder.objectRef<SepaRow>('SEPADirectDebit').implement({
  isTypeOf: (v) => typeof v === 'object' && v !== null && !('bankName' in v) && !('brand' in v),
  fields: (t) => ({
    id: t.exposeID('id'), isPrimary: t.exposeBoolean('isPrimary'), paymentToken: t.exposeString('paymentToken'), lastDigits: t.exposeString('lastDigits'),
    bankCountry: t.exposeString('bankCountry', { nullable: true }),
  }),
});

export const SavedPaymentMethod = builder.unionType('SavedPaymentMethod', { types: [CreditCard, BankAccount, SEPADirectDebit] });
