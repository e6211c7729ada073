/**
 * The contract between the server and the storefront's server-rendering entry
 * (apps/storefront/src/entry-server.tsx): the server executes GraphQL in process, the entry renders.
 * Structural types, so neither side depends on the other's libraries.
 */
export interface SsrOperation {
  /** A parsed GraphQL document (graphql's DocumentNode). */
  query: unknown;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export type SsrExecute = (operation: SsrOperation) => Promise<{ data?: unknown; errors?: readonly unknown[] }>;

export interface SsrRouteFailure {
  routeId: string;
  errorId: string;
  message: string;
  stack?: string | undefined;
}

export type SsrRenderResult =
  | { kind: 'response'; status: number; headers: Array<[string, string]> }
  | {
      kind: 'html';
      status: number;
      appHtml: string;
      stateJson: string;
      head: {
        title?: string;
        links?: Array<{ rel: string; href: string; hreflang?: string }>;
        /** Description and sharing tags (`name` or `property`, e.g. og:url). */
        meta?: Array<{ name?: string; property?: string; content: string }>;
        /** schema.org objects (JSON-LD), escaped by the server when written into the page. */
        jsonLd?: object[];
      };
      lang: string;
      dir: 'ltr' | 'rtl';
      /** Module path of the page's message catalogue, for a modulepreload link. */
      catalogue: string | null;
      /** Route failures (5xx), each with the error id the page shows, for the server's log. */
      failures: SsrRouteFailure[];
      /** Source modules of the lazy screens this page rendered (their CSS and code go in the first response). */
      modules: string[];
    };

export type SsrRender = (request: Request, execute: SsrExecute) => Promise<SsrRenderResult>;
