/** Spec §7: the operations sent with `Authorization: JWT <token>` (and only when a valid token is stored). */
export const AUTHORIZED_OPERATIONS: ReadonlySet<string> = new Set([
  'ChangeCheckoutCountry', 'CheckoutByToken', 'CheckoutEstimatedDelivery', 'CheckoutProrationPreview', 'OrganizationAdmins',
  'PaymentExtraInfoQuery', 'UserCheckout', 'UserOrganizationMembershipInfo', 'UserOrganizationRefreshQuery',
  'CheckoutTradeInPromoPreview', 'CheckoutTradeInProgramDataUpdate', 'UserQuery', 'AuthorizedUserShop', 'UserRefreshQuery',
  'AddExpressCheckoutAddresses', 'ChangeSubscription', 'CheckoutBeforePlaceOrderMutation', 'CheckoutCreateWithOrganization',
  'CheckoutLineDelete', 'CheckoutLinesAdd', 'CheckoutPlaceOrder', 'CheckoutQuoteDataUpdate', 'CheckoutVatNumberUpdateMutation',
  'CheckUserExistence', 'PaymentMethodCreate', 'PaymentMethodDelete', 'PaymentMethodSetAsPrimary', 'PaymentMethodUpdate',
  'SubscriptionRenewal', 'SubscriptionScheduleAdd', 'SubscriptionScheduleRemove', 'UpdateCheckoutBillingAddress',
  'UpdateCheckoutShippingAddress', 'UpdateExpressCheckoutShippingAddress', 'UpdateVoucher',
  // Beyond the spec's list: the edit-membership screen's one mutation, which only a signed-in admin may send,
  // and my account's name form.
  'OrganizationMembershipUpdate', 'AccountUpdate',
  // The upgrade pages' organization and renewal price (features/upgrades).
  'UpgradeAccount', 'UpgradeRenewalPreview',
  // Subscription management and my account's payment methods: what they read, and the two changes the spec's list leaves out.
  'SubscriptionManagement', 'SavedPaymentMethods', 'SubscriptionAutoRenewalSet', 'PaymentMethodSetupStart',
  // Learner status verification: the learner's own request, and sending it with its proof.
  'LearnerVerification', 'LearnerVerificationRequest',
  // Organizations: founding one, its invitations and members, taking a seat, and the checkout's organization step.
  'OrganizationCreate', 'OrganizationInvitationCreate', 'OrganizationInvitationResend', 'OrganizationInvitationRevoke',
  'OrganizationMembershipDelete', 'OrganizationInvitationAccept', 'CheckoutOrganizationUpdate',
  // The checkout changes the spec's list leaves out: a signed-in buyer's checkout is theirs, and without the
  // header the server answers that it does not exist (a quantity changed in the cart said "This cart no longer exists").
  'CheckoutLineUpdate', 'CheckoutContactUpdate', 'CheckoutShippingMethodUpdate',
  // My account's "Your data": the user's data requests, asking for a copy, and erasing the account.
  'UserDataRequests', 'DataExportRequest', 'AccountErasureRequest', 'UserConsents', 'ConsentRecord',
  // My account's order page: one of the user's own orders.
  'AccountOrder',
]);

/**
 * Mutations that are safe to send again after a network failure, because the server honours what
 * they carry: an idempotency key (a replay returns the first result) or an expected version (a stale
 * replay is refused instead of applied twice). Every other mutation is sent once: a retried
 * CheckoutLinesAdd without a version would add the items twice.
 */
const REPLAY_SAFE_MUTATIONS: Readonly<Record<string, 'idempotencyKey' | 'expectedVersion' | 'set-to-value'>> = {
  CheckoutCreateWithOrganization: 'idempotencyKey',
  CheckoutPlaceOrder: 'idempotencyKey',
  PaymentMethodCreate: 'idempotencyKey',
  ChangeSubscription: 'idempotencyKey',
  SubscriptionRenewal: 'idempotencyKey',
  CheckoutLinesAdd: 'expectedVersion',
  CheckoutLineDelete: 'expectedVersion',
  CheckoutLineUpdate: 'expectedVersion',
  CheckoutContactUpdate: 'set-to-value',
  CheckoutShippingMethodUpdate: 'set-to-value',
  // These set a field to the value sent: sending the same value twice leaves the same state.
  ChangeCheckoutCountry: 'set-to-value',
  UpdateCheckoutShippingAddress: 'set-to-value',
  UpdateCheckoutBillingAddress: 'set-to-value',
  UpdateVoucher: 'set-to-value',
  CheckoutVatNumberUpdateMutation: 'set-to-value',
  CheckoutQuoteDataUpdate: 'set-to-value',
};

/** Whether a mutation may be retried: it is replay-safe and carries what makes it so. */
export function mayRetryMutation(operationName: string | undefined, variables: Record<string, unknown>): boolean {
  const kind = operationName ? REPLAY_SAFE_MUTATIONS[operationName] : undefined;
  if (kind === 'idempotencyKey') return typeof variables.idempotencyKey === 'string' && variables.idempotencyKey.length > 0;
  if (kind === 'expectedVersion') return Number.isInteger(variables.expectedVersion);
  return kind === 'set-to-value';
}
