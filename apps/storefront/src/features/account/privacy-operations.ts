import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AccountErasureRequestMutation, AccountErasureRequestMutationVariables, DataExportRequestMutation, DataExportRequestMutationVariables, UserDataRequestsQuery,
} from '../../graphql/generated.ts';

export type DataRequestFields = NonNullable<UserDataRequestsQuery['me']>['dataRequests'][number];

/** UserDataRequests: the signed-in user's export and erasure requests (my account's "Your data"). */
export const USER_DATA_REQUESTS: TypedDocumentNode<UserDataRequestsQuery> = gql`
  query UserDataRequests { me { id dataRequests { kind state createdAt finishedAt linkExpiresAt } } }
`;

/** DataExportRequest: an archive of the user's data, its link e-mailed in this language. */
export const DATA_EXPORT_REQUEST: TypedDocumentNode<DataExportRequestMutation, DataExportRequestMutationVariables> = gql`
  mutation DataExportRequest($languageCode: LanguageCodeEnum!) {
    dataExportRequest(languageCode: $languageCode) { request { kind state createdAt finishedAt linkExpiresAt } errors { field code message } }
  }
`;

/** AccountErasureRequest: the account and its personal data erased, confirmed with the password. */
export const ACCOUNT_ERASURE_REQUEST: TypedDocumentNode<AccountErasureRequestMutation, AccountErasureRequestMutationVariables> = gql`
  mutation AccountErasureRequest($password: String!) {
    accountErasureRequest(password: $password) { request { kind state createdAt finishedAt linkExpiresAt } errors { field code message } }
  }
`;
