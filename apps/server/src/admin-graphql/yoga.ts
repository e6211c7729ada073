import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Database } from '@probe/db';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { TokenVerifier } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { decorateErrors, maskError, permissionDenied } from '../graphql/errors.ts';
import { refuseUnstorableTextPlugin } from '../graphql/unstorable-text.ts';
import { documentLimitsPlugin } from '../graphql/document-limits.ts';
import type { PaymentGateway } from '../modules/payments/index.ts';
import type { CatalogueService } from '../modules/catalogue/index.ts';
import { may } from '../modules/staff/index.ts';
import { vatCheckerFor } from '../modules/vat/index.ts';
import type { AdminContext, Staff } from './context.ts';
import { adminSchema } from './schema.ts';
import { staffResolver } from './staff.ts';
import { corsPolicy } from '../graphql/cors.ts';
import { DocumentCache } from '../graphql/document-cache.ts';

interface ServerContext {
  req: FastifyRequest;
  reply?: FastifyReply;
}

export type AdminYoga = YogaServerInstance<ServerContext, AdminContext>;

export const ADMIN_GRAPHQL_PATH = '/admin/graphql';

/**
 * The console's API: its own schema and endpoint. A token is accepted only with the console's audience
 * (a shop token is not), and every operation checks the caller's staff role on the server. Introspection
 * and field suggestions are off outside development.
 */
export function createAdminYoga({ db, gateway, catalogue, tokens, config, log, now = () => new Date() }: {
  db: Database; gateway: PaymentGateway; catalogue: CatalogueService; tokens: TokenVerifier; config: Config; log: FastifyBaseLogger; now?: () => Date;
}): AdminYoga {
  const isDev = config.NODE_ENV === 'development';
  const staffOf = staffResolver(db, tokens);
  const documents = new DocumentCache({ storeDocuments: [], otherBytes: 4 * 1024 * 1024 });
  return createYoga<ServerContext, AdminContext>({
    schema: adminSchema,
    // Anyone can send a document here before a token is looked at: parsed ones are kept within a byte budget.
    parserAndValidationCache: { documentCache: documents.documents, errorCache: documents.errors },
    graphqlEndpoint: ADMIN_GRAPHQL_PATH,
    logging: log,
    landingPage: false,
    // Only the store's own origins, with credentials; any other gets no CORS header (graphql/cors.ts).
    cors: corsPolicy(config),
    graphiql: false,
    maskedErrors: { maskError: (error) => maskError(error, log, isDev) },
    plugins: [
      documentLimitsPlugin({ tokens: 3000, depth: 8, aliases: 10 }),
      refuseUnstorableTextPlugin(),
      ...(isDev ? [] : [useDisableIntrospection(), blockFieldSuggestionsPlugin()]),
      {
        onResultProcess({ result, setResult }) {
          if (!Array.isArray(result) && !(Symbol.asyncIterator in (result as object))) setResult(decorateErrors(result as never, log));
        },
      },
    ],
    context: async ({ request, req }): Promise<AdminContext> => {
      let staff: Promise<Staff | null> | undefined;
      const who = () => (staff ??= staffOf(request.headers.get('authorization')));
      return {
        db, gateway, catalogue: catalogue.forRequest(), log: req.log, now, publicUrl: config.PUBLIC_URL,
        vat: vatCheckerFor(config.VIES ?? (config.NODE_ENV === 'production' ? 'live' : 'fake'), config.VIES_URL),
        require: async (permission) => {
          const member = await who();
          if (!member || !may(member.role, permission)) throw permissionDenied();
          return member;
        },
      };
    },
  });
}
