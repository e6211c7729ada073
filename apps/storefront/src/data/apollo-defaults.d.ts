import '@apollo/client';

/** Spec §7: errors are kept together with data by default (errorPolicy "all"), for every kind of operation. */
declare module '@apollo/client' {
  namespace ApolloClient {
    namespace DeclareDefaultOptions {
      interface Query {
        errorPolicy: 'all';
      }
      interface WatchQuery {
        errorPolicy: 'all';
      }
      interface Mutate {
        errorPolicy: 'all';
      }
    }
  }

  interface DefaultContext {
    /** An extra the page shows without (error-link.ts): its GraphQL errors do not replace the page by the error screen. */
    optional?: boolean;
  }
}
