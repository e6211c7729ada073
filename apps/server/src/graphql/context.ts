import type { Database } from '@probe/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { CatalogueService } from '../modules/catalogue/service.ts';
import type { GeoLookup } from '../modules/shop/geolocation.ts';

/** What every resolver may use. One per request; nothing here outlives it. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  headers: Headers;
  clientIp: string;
  geoLookup: GeoLookup | null;
  /** The signed-in user's id, from a verified token; null when anonymous. */
  userId: string | null;
  catalogue: CatalogueService;
  /** The clock, so rules about dates (voucher expiry, offers) are testable. */
  now: () => Date;
}
