import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AccountUpdateMutation, AccountUpdateMutationVariables, OrganizationAdminsQuery, OrganizationAdminsQueryVariables, OrganizationMembershipUpdateMutation, OrganizationMembershipUpdateMutationVariables, UserCheckoutQuery, UserCheckoutQueryVariables,
  UserOrganizationMembershipInfoQuery, UserOrganizationMembershipInfoQueryVariables, UserOrganizationRefreshQueryQuery,
  UserOrganizationRefreshQueryQueryVariables, UserQueryQuery, UserQueryQueryVariables, UserRefreshQueryQuery, UserRefreshQueryQueryVariables,
  OrganizationCreateMutation, OrganizationCreateMutationVariables, OrganizationInvitationAcceptMutation, OrganizationInvitationAcceptMutationVariables, OrganizationInvitationCreateMutation, OrganizationInvitationCreateMutationVariables, OrganizationInvitationDeclineMutation, OrganizationInvitationDeclineMutationVariables, OrganizationInvitationQuery, OrganizationInvitationQueryVariables, OrganizationInvitationResendMutation, OrganizationInvitationResendMutationVariables, OrganizationInvitationRevokeMutation, OrganizationInvitationRevokeMutationVariables, OrganizationMembershipDeleteMutation, OrganizationMembershipDeleteMutationVariables, AccountErasureRequestMutation, AccountErasureRequestMutationVariables, DataExportRequestMutation, DataExportRequestMutationVariables, UserDataRequestsQuery, UserConsentsQuery, ConsentRecordMutation, ConsentRecordMutationVariables, AccountOrderQuery, AccountOrderQueryVariables
} from '../../graphql/generated.ts';

export type SignedInUser = NonNullable<UserQueryQuery['me']>;
export type AccountUser = NonNullable<UserRefreshQueryQuery['me']>;
export type AccountMembership = AccountUser['organizationMemberships'][number];
export type AccountOrder = AccountUser['orders'][number];
export type AccountOrderDetails = NonNullable<NonNullable<AccountOrderQuery['me']>['order']>;
export type OrganizationMemberFields = NonNullable<UserOrganizationRefreshQueryQuery['organizationMembership']>['organization']['members'][number];

/**
 * UserQuery (spec §7): who is signed in, their probe rights, and their memberships (the first one's
 * country drives a redirect; purchases are made for it).
 */
export const USER_QUERY: TypedDocumentNode<UserQueryQuery, UserQueryQueryVariables> = gql`
  query UserQuery {
    me {
      id email name canBuyPersonalProbePlus canBuyPersonalProbeIq3
      organizationMemberships { id isOrganizationAdmin canPurchasePersonalProbe organization { id name slug country } }
    }
  }
`;

/** UserRefreshQuery: everything my account shows, read fresh. */
export const USER_REFRESH: TypedDocumentNode<UserRefreshQueryQuery, UserRefreshQueryQueryVariables> = gql`
  query UserRefreshQuery($first: Int) {
    me {
      id email name
      organizationMemberships {
        id isOrganizationAdmin canPurchasePersonalProbe referrerToken
        organization { id name slug country planType availableSeats maxSeats registeredProbes registeredProbesPlus registeredProbesIq3 }
      }
      orders(first: $first) {
        id token number created paymentStatus paymentState fulfilmentState cancelled paymentMethod
        total { currency gross { currency fractionalAmount } } invoice { token status } lines { productRawName quantity thumbnail }
      }
    }
  }
`;

/** UserOrganizationMembershipInfo: one of the caller's own memberships (never the members: those are for admins). */
export const MEMBERSHIP_INFO: TypedDocumentNode<UserOrganizationMembershipInfoQuery, UserOrganizationMembershipInfoQueryVariables> = gql`
  query UserOrganizationMembershipInfo($id: ID!) {
    organizationMembership(id: $id) { id isOrganizationAdmin canPurchasePersonalProbe organization { id name country planType } }
  }
`;

/** UserOrganizationRefreshQuery: the organization with its members; asked only by an admin (others get PermissionDenied). */
export const ORGANIZATION_MEMBERS: TypedDocumentNode<UserOrganizationRefreshQueryQuery, UserOrganizationRefreshQueryQueryVariables> = gql`
  query UserOrganizationRefreshQuery($organizationMembershipId: ID!) {
    organizationMembership(id: $organizationMembershipId) {
      id
      organization { id name maxSeats members { membershipId email name isOrganizationAdmin canPurchasePersonalProbe } invitations { id email status sentAt expiresAt } }
    }
  }
`;

export const MEMBERSHIP_UPDATE: TypedDocumentNode<OrganizationMembershipUpdateMutation, OrganizationMembershipUpdateMutationVariables> = gql`
  mutation OrganizationMembershipUpdate($id: ID!, $input: OrganizationMembershipUpdateInput!) {
    organizationMembershipUpdate(id: $id, input: $input) { membership { id isOrganizationAdmin canPurchasePersonalProbe } errors { field code message } }
  }
`;

/** AccountUpdate: the signed-in user changes their name (the answer updates every cached view of the user). */
export const ACCOUNT_UPDATE: TypedDocumentNode<AccountUpdateMutation, AccountUpdateMutationVariables> = gql`
  mutation AccountUpdate($input: AccountUpdateInput!) {
    accountUpdate(input: $input) { user { id name } errors { field code message } }
  }
`;

/** UserCheckout: the signed-in buyer's open checkout, wherever it was started. */
export const USER_CHECKOUT: TypedDocumentNode<UserCheckoutQuery, UserCheckoutQueryVariables> = gql`
  query UserCheckout($organizationMembershipId: ID) {
    me { id checkout(organizationMembershipId: $organizationMembershipId) { id token country { code } } }
  }
`;

/** OrganizationAdmins: who a member can ask to change their membership. */
export const ORGANIZATION_ADMINS: TypedDocumentNode<OrganizationAdminsQuery, OrganizationAdminsQueryVariables> = gql`
  query OrganizationAdmins($organizationId: ID!) { organizationAdmins(organizationId: $organizationId) { name email } }
`;

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

export type ConsentFields = NonNullable<UserConsentsQuery['me']>['consents'][number];

/** UserConsents: the consent in force per purpose (analytics, marketing e-mail), as on record (my account's "Your data"). */
export const USER_CONSENTS: TypedDocumentNode<UserConsentsQuery> = gql`
  query UserConsents { me { id consents { purpose granted recordedAt source locale textVersion } } }
`;

/** ConsentRecord: the user gives or withdraws a consent from my account; appended to the record. */
export const CONSENT_RECORD: TypedDocumentNode<ConsentRecordMutation, ConsentRecordMutationVariables> = gql`
  mutation ConsentRecord($input: ConsentInput!) {
    consentRecord(input: $input) { consent { purpose granted recordedAt source locale textVersion } errors { field code message } }
  }
`;

/**
 * AccountOrder: one of the signed-in user's own orders, by its number (my account's order page): what was
 * bought, where it goes, how it was paid, its parcels and its documents. Anyone else's order answers null.
 */
export const ACCOUNT_ORDER: TypedDocumentNode<AccountOrderQuery, AccountOrderQueryVariables> = gql`
  fragment AccountMoney on Money { currency fractionalAmount }
  fragment AccountTaxed on TaxedMoney { currency net { ...AccountMoney } tax { ...AccountMoney } gross { ...AccountMoney } }
  fragment AccountAddress on Address { name companyName streetAddress1 streetAddress2 city postalCode countryArea phone country { code } }
  query AccountOrder($number: String!) {
    me {
      id
      order(number: $number) {
        id token number created userEmail paymentMethod paymentStatus paymentState fulfilmentState cancelled
        lines { productRawName variantName productSku quantity isFreeItemLine thumbnail unitPrice { ...AccountTaxed } totalPrice { ...AccountTaxed } }
        payments { method status ccBrand ccLastDigits ccExpMonth ccExpYear }
        shipments { carrier trackingNumber trackingUrl created lines { productRawName variantName quantity } }
        creditNotes { number amount { ...AccountMoney } created }
        invoice { token status amount { ...AccountMoney } dueAt }
        voucher { code discount { ...AccountMoney } }
        tradeIn { serialNumber credit { ...AccountTaxed } }
        subtotal { ...AccountTaxed } shippingPrice { ...AccountTaxed } total { ...AccountTaxed }
        taxExemption displayGrossPrices vatRegistrationNumber
        shippingAddress { ...AccountAddress } billingAddress { ...AccountAddress }
      }
    }
  }
`;
