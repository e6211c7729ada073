import type { Database } from '@probe/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { GeoLookup } from '../modules/shop/geolocation.ts';

/** What every resolver may use. One per request; nothing here outlives it. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  headers: Headers;
  clientIp: string;
  geoLookup: GeoLookup | null;
  /** The signed-in user's id; sign-in is a later issue, so for now always null. */
  userId: string | null;
}
