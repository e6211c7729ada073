import type { Wallet } from '@probe/domain';

/** Wallets are named as their owners name them, in every language. */
export const WALLET_NAMES: Record<Wallet, string> = { APPLE_PAY: 'Apple Pay', GOOGLE_PAY: 'Google Pay', PAYPAL: 'PayPal' };
