import { PassThrough } from 'node:stream';
import type { DatabaseHandle } from '@probe/db';
import { openTestDatabase } from '@probe/db/testing';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp, type App } from '../src/http/app.ts';
import type { GeoLookup } from '../src/modules/shop/index.ts';
import type { PaymentGateway } from '../src/modules/payments/index.ts';
import type { StorefrontBundles } from '../src/http/storefront.ts';

export interface TestApp extends App {
  database: DatabaseHandle;
  /** Every log line written so far, parsed. */
  logs: () => Array<Record<string, unknown>>;
  gql: <T = unknown>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => Promise<GqlResponse<T>>;
  close: () => Promise<void>;
}

interface GqlResponse<T> {
  status: number;
  body: { data?: T; errors?: Array<{ message: string; extensions?: { errorId?: string; exception?: { code?: string } } }> };
}

/** The real app (our own modules, no mocks) on a fresh test database, driven through Fastify's inject. */
export async function startTestApp(
  options: { config?: Partial<Config>; geoLookup?: GeoLookup | null; database?: DatabaseHandle; now?: () => Date; gateway?: PaymentGateway; storefront?: StorefrontBundles } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test' }, { LOG_LEVEL: 'info', CATALOGUE_VERSION_TTL_MS: 0, RESPONSE_CACHE_MAX_AGE_S: 0, ...options.config });
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = await buildApp({ config, database, geoLookup: options.geoLookup ?? null, logStream: stream, ...(options.now ? { now: options.now } : {}), ...(options.gateway ? { gateway: options.gateway } : {}), ...(options.storefront ? { storefront: options.storefront } : {}) });
  await app.app.ready();
  return {
    ...app,
    database,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    gql: async (query, variables, headers = {}) => {
      const res = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        payload: JSON.stringify({ query, variables }),
      });
      return { status: res.statusCode, body: res.json() };
    },
    close: async () => {
      await app.app.close();
      await database.close();
    },
  };
}
