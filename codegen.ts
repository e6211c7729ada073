import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types for every operation and fragment the storefront sends, from the server's printed contract
 * (apps/server/schema.graphql). Types only: the documents stay `gql` strings, so nothing is added to
 * the bundle. A field renamed or removed on the server fails `npm run typecheck` here.
 */
const config: CodegenConfig = {
  schema: 'apps/server/schema.graphql',
  documents: ['apps/storefront/src/**/*.{ts,tsx}', '!apps/storefront/src/graphql/generated.ts'],
  generates: {
    'apps/storefront/src/graphql/generated.ts': {
      plugins: ['typescript-operations'],
      config: {
        onlyOperationTypes: true,
        skipTypename: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        scalars: { DateTime: 'string', Date: 'string', JSONString: 'string', UUID: 'string', Decimal: 'number', PositiveDecimal: 'number' },
        useTypeImports: true,
      },
    },
  },
  silent: true,
};
export default config;
