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
}
