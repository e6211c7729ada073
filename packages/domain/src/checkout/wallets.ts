import type { PaymentMethod } from './payment-method.ts';

/** Express checkout: the wallets that hand over the buyer's contact, address and payment at once. */
export const WALLETS = ['APPLE_PAY', 'GOOGLE_PAY', 'PAYPAL'] as const;
export type Wallet = (typeof WALLETS)[number];

/** How a wallet pays: Apple Pay and Google Pay carry a card; PayPal is PayPal's own one-time payment. */
export const WALLET_METHOD: Record<Wallet, PaymentMethod> = { APPLE_PAY: 'CREDIT_CARD', GOOGLE_PAY: 'CREDIT_CARD', PAYPAL: 'PAYPAL_ONE_TIME' };

/** What the offline test gateway's wallet holds for a buyer in a country: one contact, one address, two cards. */
export interface TestWalletProfile {
  email: string;
  phone: string;
  address: { firstName: string; lastName: string; streetAddress1: string; city: string; postalCode: string; countryArea?: string; country: string };
}

/** A succeeding and a declined card (Stripe's published test numbers), as a wallet would hold them. */
export const TEST_WALLET_CARDS = [
  { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', label: 'Visa •••• 4242' },
  { number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123', label: 'Visa •••• 0002' },
] as const;

const PROFILES: Record<string, Omit<TestWalletProfile['address'], 'country'> & { phone: string }> = {
  US: { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', countryArea: 'CA', phone: '+1 415 555 0100' },
  CA: { firstName: 'Liam', lastName: 'Tremblay', streetAddress1: '111 Wellington St', city: 'Ottawa', postalCode: 'K1A 0A9', countryArea: 'ON', phone: '+1 613 555 0100' },
  GB: { firstName: 'Olivia', lastName: 'Smith', streetAddress1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', phone: '+44 20 7946 0000' },
  DE: { firstName: 'Hanna', lastName: 'Schmidt', streetAddress1: 'Friedrichstraße 10', city: 'Berlin', postalCode: '10117', phone: '+49 30 1234567' },
  FR: { firstName: 'Camille', lastName: 'Martin', streetAddress1: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', phone: '+33 1 23 45 67 89' },
  NL: { firstName: 'Eva', lastName: 'de Vries', streetAddress1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG', phone: '+31 20 123 4567' },
  PL: { firstName: 'Zofia', lastName: 'Nowak', streetAddress1: 'ul. Marszałkowska 1', city: 'Warszawa', postalCode: '00-624', phone: '+48 22 123 45 67' },
  AU: { firstName: 'Jack', lastName: 'Wilson', streetAddress1: '1 George St', city: 'Sydney', postalCode: '2000', countryArea: 'NSW', phone: '+61 2 9876 5432' },
};

/** The test wallet's profile for a country; null where it holds none (the test gateway then offers no wallet there). */
export function testWalletProfile(country: string): TestWalletProfile | null {
  const p = PROFILES[country];
  if (!p) return null;
  const { phone, ...address } = p;
  return { email: `wallet.${p.firstName.toLowerCase()}@example.com`, phone, address: { ...address, country } };
}
