/** Spec §7: two custom browser events carry GraphQL errors and GraphQL authentication errors. */
export const GRAPHQL_ERROR_EVENT = 'store:graphql-error';
export const GRAPHQL_AUTH_ERROR_EVENT = 'store:graphql-auth-error';

export interface GraphqlErrorDetail {
  message: string;
  errorId?: string | null;
}

export function dispatchGraphqlError(detail: GraphqlErrorDetail, auth = false): void {
  window.dispatchEvent(new CustomEvent<GraphqlErrorDetail>(auth ? GRAPHQL_AUTH_ERROR_EVENT : GRAPHQL_ERROR_EVENT, { detail }));
}
