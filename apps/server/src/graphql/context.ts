import type { Database } from '@probe/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Loaders } from './loaders.ts';
import type { AccountsService, UserRow } from '../modules/accounts/index.ts';
import type { CatalogueReads } from '../modules/catalogue/index.ts';
import type { RecentCheckouts } from '../modules/checkout/index.ts';
import type { GeoLookup } from '../modules/shop/index.ts';
import type { LeadsService } from '../modules/leads/index.ts';
import type { PaymentGateway } from '../modules/payments/index.ts';
import type { SavedMethodsService, SubscriptionChanges, SubscriptionsService } from '../modules/subscriptions/index.ts';

/** Who is asking: the request's headers, address and verified user. */
interface Requester {
  headers: Headers;
  clientIp: string;
  /** The signed-in user's id, from a verified token; null when anonymous. */
  userId: string | null;
}

/** Each answers the seconds until the caller may try again, or null while under its limit (and counts the attempt). */
export interface RequestLimits {
  userExistence(clientIp: string): Promise<number | null>;
  /** Referral-link lookups (referrer portal, a checkout's referral). */
  referrerLookup(clientIp: string): Promise<number | null>;
  /** Marketing-form submissions. */
  leadSubmit(clientIp: string): Promise<number | null>;
  /** Analytics events (the storefront's server copies): anyone may send them, so each address only so many. */
  analyticsEvent(clientIp: string): Promise<number | null>;
  /** Tokens asked for that nobody holds (guessing), one counter for every lookup by token (checkouts, orders, invoices, referral links; documents over HTTP): only misses count, a buyer reloading their order never does. */
  tokenMisses: TokenMissLimit;
  /** Voucher codes tried that do not apply (guessing short codes): only refused codes count. */
  voucherMisses: MissLimit;
}

/**
 * A limit on failed attempts: once over it, every attempt (a right one too) is refused until the window
 * ends. Each attempt is counted before it runs (so attempts made at once, e.g. aliases of one request,
 * cannot all slip under the limit) and given back when it was not a miss.
 */
export interface MissLimit {
  /** Counts one attempt; seconds until the address may try again if it is over the limit, else null. */
  attempt(clientIp: string): Promise<number | null>;
  /** The attempt found what it asked for: it does not count. */
  notMissed(clientIp: string): Promise<void>;
}

/**
 * The token counter also counts after the fact: a request's one lookup is counted only if it missed (so
 * buyers' requests in flight at once from one address never hold the counter), further lookups of the
 * same request (aliases, run at once) up front. See limits.ts byToken.
 */
export interface TokenMissLimit extends MissLimit {
  /** Seconds the address is still refused for, or null while under the limit. Counts nothing. */
  blockedFor(clientIp: string): Promise<number | null>;
  /** Counts one miss after the lookup. */
  missed(clientIp: string): Promise<void>;
}

/** What every resolver may use. One per request; nothing here outlives it. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  geoLookup: GeoLookup | null;
  /**
   * Who is asking. Calling it marks the answer private: an answer that depends on the requester is
   * never shared from the response cache.
   */
  requester: () => Requester;
  /** The catalogue and the shop's settings, as this request reads them (the settings row at most once). */
  catalogue: CatalogueReads;
  accounts: AccountsService;
  subscriptions: SubscriptionsService;
  savedMethods: SavedMethodsService;
  /** Changes and renewals paid now from the saved method (ChangeSubscription, SubscriptionRenewal). */
  subscriptionChanges: SubscriptionChanges;
  /** The checkouts this process last read or wrote (checkout/recent.ts): the basis of their next change. */
  recentCheckouts: RecentCheckouts | undefined;
  /** The marketing forms and their leads. */
  leads: LeadsService;
  /** Batched, per-request reads (one query for all organizations in an answer). */
  loaders: Loaders;
  /**
   * The signed-in user (made on their first verified request); null when anonymous. Like requester(),
   * calling it marks the answer private.
   */
  viewer: () => Promise<UserRow | null>;
  /** Rate limits of the operations that could be used to guess (spec §7 CheckUserExistence). */
  limits: RequestLimits;
  /** The payment service provider (the offline test gateway or Stripe). */
  gateway: PaymentGateway;
  /** The clock, so rules about dates (voucher expiry, offers) are testable. */
  now: () => Date;

}
