import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  OrganizationCreateMutation, OrganizationCreateMutationVariables,
  OrganizationInvitationAcceptMutation, OrganizationInvitationAcceptMutationVariables, OrganizationInvitationCreateMutation, OrganizationInvitationCreateMutationVariables,
  OrganizationInvitationDeclineMutation, OrganizationInvitationDeclineMutationVariables, OrganizationInvitationQuery, OrganizationInvitationQueryVariables,
  OrganizationInvitationResendMutation, OrganizationInvitationResendMutationVariables, OrganizationInvitationRevokeMutation, OrganizationInvitationRevokeMutationVariables,
  OrganizationMembershipDeleteMutation, OrganizationMembershipDeleteMutationVariables, UserOrganizationRefreshQueryQuery,
} from '../../graphql/generated.ts';

export type OrganizationInvitationFields = NonNullable<UserOrganizationRefreshQueryQuery['organizationMembership']>['organization']['invitations'][number];
export type InvitationPreview = NonNullable<OrganizationInvitationQuery['organizationInvitation']>;

/** OrganizationCreate: the signed-in user founds an organization (they are its admin). */
export const ORGANIZATION_CREATE: TypedDocumentNode<OrganizationCreateMutation, OrganizationCreateMutationVariables> = gql`
  mutation OrganizationCreate($input: OrganizationCreateInput!) {
    organizationCreate(input: $input) {
      membership { id isOrganizationAdmin canPurchasePersonalProbe organization { id name slug country } }
      errors { field code message }
    }
  }
`;


export const INVITATION_CREATE: TypedDocumentNode<OrganizationInvitationCreateMutation, OrganizationInvitationCreateMutationVariables> = gql`
  mutation OrganizationInvitationCreate($organizationId: ID!, $email: String!, $languageCode: LanguageCodeEnum) {
    organizationInvitationCreate(organizationId: $organizationId, email: $email, languageCode: $languageCode) { invitation { id email status sentAt expiresAt } errors { field code message } }
  }
`;

export const INVITATION_RESEND: TypedDocumentNode<OrganizationInvitationResendMutation, OrganizationInvitationResendMutationVariables> = gql`
  mutation OrganizationInvitationResend($id: ID!, $languageCode: LanguageCodeEnum) {
    organizationInvitationResend(id: $id, languageCode: $languageCode) { invitation { id email status sentAt expiresAt } errors { field code message } }
  }
`;

export const INVITATION_REVOKE: TypedDocumentNode<OrganizationInvitationRevokeMutation, OrganizationInvitationRevokeMutationVariables> = gql`
  mutation OrganizationInvitationRevoke($id: ID!) {
    organizationInvitationRevoke(id: $id) { invitation { id email status sentAt expiresAt } errors { field code message } }
  }
`;

/** An admin removes a member, or a member leaves. */
export const MEMBERSHIP_DELETE: TypedDocumentNode<OrganizationMembershipDeleteMutation, OrganizationMembershipDeleteMutationVariables> = gql`
  mutation OrganizationMembershipDelete($id: ID!) {
    organizationMembershipDelete(id: $id) { removedMembershipId errors { field code message } }
  }
`;

/** What an invitation link shows (the token is the key; no sign-in needed). */
export const INVITATION_PREVIEW: TypedDocumentNode<OrganizationInvitationQuery, OrganizationInvitationQueryVariables> = gql`
  query OrganizationInvitation($token: String!) {
    organizationInvitation(token: $token) { organizationName inviter email status expiresAt }
  }
`;

export const INVITATION_ACCEPT: TypedDocumentNode<OrganizationInvitationAcceptMutation, OrganizationInvitationAcceptMutationVariables> = gql`
  mutation OrganizationInvitationAccept($token: String!) {
    organizationInvitationAccept(token: $token) { membership { id isOrganizationAdmin organization { id name } } errors { field code message } }
  }
`;

export const INVITATION_DECLINE: TypedDocumentNode<OrganizationInvitationDeclineMutation, OrganizationInvitationDeclineMutationVariables> = gql`
  mutation OrganizationInvitationDecline($token: String!) {
    organizationInvitationDecline(token: $token) { errors { field code message } }
  }
`;
