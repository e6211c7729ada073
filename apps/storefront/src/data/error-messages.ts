import type { IntlShape } from 'react-intl';

export interface BusinessError {
  field?: string | null;
  code: string;
}

/** A business error as every mutation payload returns it (spec §3 error types: field, message, code). */
export interface BusinessErrorFields { field: string | null; code: string; message: string }

/**
 * One table from {operation, field, code} to a catalogue message id. The most specific entry wins:
 * operation + field + code, then operation + code, then field + code, then code; otherwise the
 * translated fallback 'Error message not found.'. Screens add their rows as they are built.
 */
const TABLE: Record<string, string> = {
  'CheckoutPlaceOrder::PRICES_ARE_CHANGED': 'errors.pricesChanged',
  '::PRICES_ARE_CHANGED': 'errors.pricesChanged',
  '::PRODUCTS_ARE_CHANGED': 'errors.productsChanged',
  '::CARD_DECLINED': 'errors.cardDeclined',
  '::EXPIRED_CARD': 'errors.expiredCard',
  '::INCORRECT_CVC': 'errors.incorrectCvc',
  '::INCORRECT_NUMBER': 'errors.incorrectNumber',
  '::INCORRECT_ZIP': 'errors.incorrectZip',
  '::PROCESSING_ERROR': 'errors.processingError',
  '::COUNTRY_NOT_AVAILABLE': 'errors.countryNotAvailable',
  '::VOUCHER_NOT_APPLICABLE': 'errors.voucherNotApplicable',
  ':postalCode:INVALID': 'errors.postalCodeInvalid',
  ':email:INVALID': 'errors.emailInvalid',
  ':phone:INVALID': 'errors.phoneInvalid',
  ':vatNumber:INVALID': 'errors.vatInvalid',
  ':vatNumber:PROCESSING_ERROR': 'errors.vatUnavailable',
  ':countryArea:INVALID': 'errors.areaInvalid',
  ':expiry:INVALID': 'errors.expiryInvalid',
  ':attestations:INVALID': 'errors.attestations',
  ':paymentMethod:INVALID': 'errors.paymentMethodInvalid',
  ':token:NOT_FOUND': 'errors.checkoutNotFound',
  // A pay link replaced by a newer one while its page was open (issue 35).
  'PayLinkPay:token:NOT_FOUND': 'payLink.notFoundLead',
  // A Team or Clinic plan's seats outside the Shop's limits (the cart's seats field, a placement refused).
  'CheckoutPlaceOrder:seats:INVALID': 'checkout.seatsOutOfRange',
  'CheckoutPlaceOrder:seats:QUANTITY_GREATER_THAN_LIMIT': 'checkout.seatsOutOfRange',
  ':seats:INVALID': 'upgrade.error.seats',
  ':seats:QUANTITY_GREATER_THAN_LIMIT': 'upgrade.error.seats',
  // Subscription management and saved payment methods (features/subscriptions).
  'SubscriptionScheduleAdd::OPERATION_NOT_ALLOWED': 'subscription.error.scheduleNotAllowed',
  'SubscriptionScheduleAdd::CANT_EDIT_WITH_CREDITS': 'subscription.error.credits',
  'SubscriptionScheduleAdd::NOT_FOUND': 'subscription.error.none',
  'SubscriptionScheduleRemove::OPERATION_NOT_ALLOWED': 'subscription.error.removeNotAllowed',
  'SubscriptionScheduleRemove::NOT_FOUND': 'subscription.error.none',
  'SubscriptionAutoRenewalSet::OPERATION_NOT_ALLOWED': 'subscription.error.renewalNotAllowed',
  'SubscriptionAutoRenewalSet::NOT_FOUND': 'subscription.error.none',
  'PaymentMethodCreate:iban:INCORRECT_NUMBER': 'savedMethods.error.iban',
  'PaymentMethodCreate:iban:INVALID': 'savedMethods.error.iban',
  'PaymentMethodCreate:accountNumber:INCORRECT_NUMBER': 'savedMethods.error.bankAccount',
  'PaymentMethodCreate::PAYMENT_NOT_FOUND': 'savedMethods.error.setupLost',
  'PaymentMethodUpdate:name:INVALID': 'savedMethods.error.name',
  'PaymentMethodUpdate::NOT_FOUND': 'savedMethods.error.gone',
  'PaymentMethodDelete::NOT_FOUND': 'savedMethods.error.gone',
  'PaymentMethodSetAsPrimary::NOT_FOUND': 'savedMethods.error.gone',
  '::NETWORK': 'errors.network',
  '::CANNOT_ATTACH_CARD': 'errors.cannotAttachCard',
  '::CANT_EDIT_WITH_CREDITS': 'errors.cantEditWithCredits',
  '::NO_PERMISSIONS': 'errors.noPermissions',
  '::BAD_PROOF_OF_ENROLLMENT': 'errors.badProofOfEnrollment',
  '::BANNED_EMAIL_ADDRESS': 'errors.bannedEmail',
  '::BILLING_ADDRESS_NOT_SET': 'errors.billingAddressNotSet',
  '::SHIPPING_ADDRESS_NOT_SET': 'errors.shippingAddressNotSet',
  '::SHIPPING_METHOD_NOT_SET': 'errors.shippingMethodNotSet',
  '::BUNDLE_NOT_FOUND': 'errors.bundleNotFound',
  '::NOT_FOUND': 'errors.productsChanged',
  '::OPERATION_NOT_ALLOWED': 'errors.operationNotAllowed',
  '::ORDER_CREATION_FAILED': 'errors.orderCreationFailed',
  '::PAYMENT_ERROR': 'errors.paymentError',
  '::PAYMENT_NOT_FOUND': 'errors.paymentNotFound',
  '::ENTERPRISE_CODE_REQUIRED': 'errors.enterpriseCodeRequired',
  '::VOUCHER_NOT_APPLICABLE_AFFILIATE': 'errors.voucherAffiliate',
  '::VOUCHER_NOT_APPLICABLE_COUNTRY': 'errors.voucherCountry',
  '::VOUCHER_NOT_APPLICABLE_REFERRAL': 'errors.voucherReferral',
  '::VOUCHER_NOT_APPLICABLE_SALE': 'errors.voucherSale',
  '::INSUFFICIENT_STOCK': 'errors.insufficientStock',
  '::QUANTITY_GREATER_THAN_LIMIT': 'errors.quantityLimit',
  '::ZERO_QUANTITY': 'errors.zeroQuantity',
  '::VERSION_CONFLICT': 'errors.versionConflict',
  '::IDEMPOTENCY_KEY_REUSED': 'errors.orderCreationFailed',
  '::CHECKOUT_LOCKED': 'errors.versionConflict',
  '::INVALID': 'errors.invalid',
  '::REQUIRED': 'errors.required',
  // Upgrade pages (features/upgrades): a change or renewal of the organization's subscription, and its preview
  // (the pages name both ChangeSubscription or SubscriptionRenewal); NO_ANSWER is a request that got no answer.
  'ChangeSubscription::OPERATION_NOT_ALLOWED': 'upgrade.error.notAllowed',
  'ChangeSubscription::NOT_FOUND': 'upgrade.error.notFound',
  'ChangeSubscription::PRICES_ARE_CHANGED': 'upgrade.error.pricesChanged',
  'ChangeSubscription::PAYMENT_NOT_FOUND': 'upgrade.error.noMethod',
  'ChangeSubscription::CANT_EDIT_WITH_CREDITS': 'upgrade.error.credits',
  'ChangeSubscription::CARD_DECLINED': 'upgrade.error.declined',
  'ChangeSubscription::EXPIRED_CARD': 'upgrade.error.expiredCard',
  'ChangeSubscription::PAYMENT_ERROR': 'upgrade.error.payment',
  'ChangeSubscription:seats:INVALID': 'upgrade.error.seats',
  'ChangeSubscription:proCustomFeatures:INVALID': 'upgrade.error.addons',
  'SubscriptionRenewal::OPERATION_NOT_ALLOWED': 'upgrade.error.renewalNotAllowed',
  'SubscriptionRenewal::NOT_FOUND': 'upgrade.error.notFound',
  'SubscriptionRenewal::PRICES_ARE_CHANGED': 'upgrade.error.pricesChanged',
  'SubscriptionRenewal::PAYMENT_NOT_FOUND': 'upgrade.error.noMethod',
  'SubscriptionRenewal::CARD_DECLINED': 'upgrade.error.declined',
  'SubscriptionRenewal::EXPIRED_CARD': 'upgrade.error.expiredCard',
  'SubscriptionRenewal::PAYMENT_ERROR': 'upgrade.error.payment',
  '::NO_ANSWER': 'upgrade.error.noAnswer',
  // Learner status verification (features/learners).
  'LearnerVerificationRequest::OPERATION_NOT_ALLOWED': 'learner.error.alreadySent',
  'LearnerVerificationRequest:graduationYear:INVALID': 'learner.error.graduationYear',
  'LearnerVerificationRequest:proof:REQUIRED': 'learner.error.proofRequired',
  // The cart's trade-in (features/checkout/trade-in-form) and an order placed with a probe already traded in.
  'CheckoutTradeInProgramDataUpdate:deviceModel:INVALID': 'cart.tradeIn.modelInvalid',
  'CheckoutTradeInProgramDataUpdate:deviceModel:OPERATION_NOT_ALLOWED': 'cart.tradeIn.unavailable',
  ':serialNumber:INVALID': 'cart.tradeIn.serialInvalid',
  ':serialNumber:OPERATION_NOT_ALLOWED': 'cart.tradeIn.taken',
  // Marketing forms (features/forms): fields are lead field keys; a free-text field is INVALID only when too long.
  'LeadFormSubmit:EMAIL:INVALID': 'errors.emailInvalid',
  'LeadFormSubmit:PHONE:INVALID': 'errors.phoneInvalid',
  'LeadFormSubmit:POSTAL_CODE:INVALID': 'errors.postalCodeInvalid',
  'LeadFormSubmit:COUNTRY:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:COUNTRY_AREA:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:JOB_TITLE:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:PRACTICE_PLACE:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:SPECIALTY:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:INQUIRY_TOPIC:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit:HEARD_ABOUT_US:INVALID': 'errors.areaInvalid',
  'LeadFormSubmit::INVALID': 'forms.error.tooLong',
  'LeadFormSubmit::NOT_FOUND': 'forms.error.failed',
  // Organizations, their invitations and members (features/account), and the checkout's organization step.
  'OrganizationCreate:name:INVALID': 'organization.error.name',
  'OrganizationCreate::OPERATION_NOT_ALLOWED': 'organization.error.tooMany',
  '::NO_SEATS_AVAILABLE': 'organization.error.noSeats',
  'OrganizationInvitationCreate:email:ALREADY_MEMBER': 'organization.error.alreadyMember',
  'OrganizationInvitationCreate:email:OPERATION_NOT_ALLOWED': 'organization.error.alreadyInvited',
  'OrganizationInvitationCreate::NOT_FOUND': 'organization.error.gone',
  'OrganizationInvitationResend::OPERATION_NOT_ALLOWED': 'organization.error.resendTooSoon',
  'OrganizationInvitationResend::NOT_FOUND': 'organization.error.gone',
  'OrganizationInvitationRevoke::OPERATION_NOT_ALLOWED': 'organization.error.gone',
  'OrganizationInvitationRevoke::NOT_FOUND': 'organization.error.gone',
  'OrganizationMembershipDelete::OPERATION_NOT_ALLOWED': 'organization.error.lastAdmin',
  'OrganizationMembershipDelete::NOT_FOUND': 'organization.error.gone',
  'OrganizationInvitationAccept::ALREADY_MEMBER': 'organization.error.youAreMember',
  'OrganizationInvitationAccept::NO_PERMISSIONS': 'organization.error.otherAddress',
  'OrganizationInvitationAccept::OPERATION_NOT_ALLOWED': 'invitation.gone',
  'OrganizationInvitationDecline::OPERATION_NOT_ALLOWED': 'invitation.gone',
  'OrganizationInvitationAccept::NOT_FOUND': 'invitation.notFound',
  'OrganizationInvitationDecline::NOT_FOUND': 'invitation.notFound',
  '::EXPIRED': 'invitation.expired',
  'CheckoutPlaceOrder:organizationMembershipId:REQUIRED': 'checkout.organization.required',
};

export function messageIdFor(operation: string | undefined, error: BusinessError): string {
  const field = error.field ?? '';
  // The server names nested fields by path (shippingAddress.postalCode); the table by their last part.
  const leaf = field.split('.').pop() ?? '';
  const op = operation ?? '';
  return (
    TABLE[`${op}:${field}:${error.code}`] ??
    TABLE[`${op}::${error.code}`] ??
    TABLE[`:${field}:${error.code}`] ??
    TABLE[`:${leaf}:${error.code}`] ??
    TABLE[`::${error.code}`] ??
    'errors.notFound'
  );
}

export function errorMessage(intl: IntlShape, operation: string | undefined, error: BusinessError): string {
  return intl.formatMessage({ id: messageIdFor(operation, error) });
}
