/**
 * Issue 18: the most SQL statements each operation of the storefront may send, one line per operation.
 * `list`: the answer (or what the operation writes) holds a list, and the statement-count tests measure it
 * small and grown and fail when the count grows with it (an N+1). A budget above 3 says why.
 *
 * Measured by statement-counts*.test.ts on a fresh database as the viewer named there; catalogue reads
 * with the catalogue cache cold (the worst case: warm, they only check its version). Lower a budget when
 * a change makes an operation cheaper; raise one only with the reason. Transaction control (begin, commit)
 * is not counted: only PostgreSQL's driver sends it as statements of their own.
 */
export type Area = 'shop' | 'account' | 'checkout';
export type Budget = readonly [max: number, area: Area, shape: 'one' | 'list', why?: string];

export const STATEMENT_BUDGETS: Record<string, Budget> = {
  // The shop and the catalogue, anonymous (statement-counts.test.ts).
  EnabledCountries: [1, 'shop', 'one'],
  Geolocalization: [0, 'shop', 'one'],
  MaintenanceQuery: [1, 'shop', 'one'],
  Shop: [3, 'shop', 'one', 'the settings row (with the catalogue version); cold: the tax settings of the country and the catalogue rows'],
  CountryAddressValidation: [0, 'shop', 'one'],
  Home: [6, 'shop', 'list', 'cold catalogue (settings row with the version, tax settings, rows) + offers, banners and their translations'],
  PromoBanners: [5, 'shop', 'list', 'cold catalogue (version, tax settings, rows: the snapshot Shop builds in the same request, sent beside it) + the promos with their translations + the site banners with theirs (the layout shows them on the pages chosen, issue 35); none warm within the version read-ahead'],
  Pricing: [3, 'shop', 'list', 'cold catalogue (version, tax settings, rows) + settings'],
  GroupCards: [3, 'shop', 'list'],
  AccessoriesStep: [3, 'shop', 'list'],
  Product: [3, 'shop', 'list'],
  ProductOffer: [3, 'shop', 'one'],
  FlowCatalogue: [6, 'shop', 'list', 'cold catalogue (settings row with the version, tax settings, rows) + offers, banners and their translations'],
  UpgradeCatalogue: [3, 'shop', 'list', 'cold catalogue (version, tax settings, rows) + settings (seat ranges)'],
  LeadForm: [3, 'shop', 'one'],
  LeadFormSubmit: [5, 'shop', 'one', 'the form, the duplicate check, the lead and its delivery job in the outbox; a ticked marketing box its consent on record'],
  Referrer: [1, 'shop', 'one'],

  // Signed in: my account, memberships, subscriptions and saved methods (statement-counts-account.test.ts).
  UserQuery: [2, 'account', 'list'],
  UserRefreshQuery: [9, 'account', 'list', 'user, memberships, orders, then batched for all of them: subscriptions, member counts, probe counts, invoices, order states (payment and shipping, one statement), order lines (the account\'s order cards show their pictures)'],
  UserOrganizationMembershipInfo: [3, 'account', 'one'],
  UserOrganizationRefreshQuery: [5, 'account', 'list', 'user, the membership, its members, its invitations, its subscription (seats; seats free are counted from the members in the page)'],
  UserCheckout: [7, 'account', 'list', 'user, the open checkout, then the checkout priced: its row and lines, catalogue version, settings, learner price'],
  OrganizationAdmins: [4, 'account', 'list', 'user, the membership of the caller, the organization, its admins'],
  UpgradeAccount: [4, 'account', 'list', 'user, memberships, then batched: saved methods, subscriptions'],
  SubscriptionManagement: [6, 'account', 'list', 'user, memberships, then batched: saved methods, subscriptions, member counts, probe counts'],
  SavedPaymentMethods: [3, 'account', 'list'],
  CheckoutProrationPreview: [6, 'account', 'one', 'user, admin membership, organization, subscription, settings (seat ranges), primary saved method'],
  UpgradeRenewalPreview: [5, 'account', 'one', 'user, admin membership, organization, subscription, primary saved method'],
  AuthorizedUserShop: [3, 'account', 'one', 'the restricted groups of the catalogue (issue 34): the cold catalogue (version, tax settings, rows) as Pricing; who asks comes with the token, the country permissions with the catalogue'],
  LearnerVerification: [3, 'account', 'one'],
  AccountUpdate: [2, 'account', 'one'],
  OrganizationMembershipUpdate: [7, 'account', 'list', 'user, both memberships, the admin count (one statement however many members), the update, the membership answered'],
  // Organizations and invitations (issue 34).
  OrganizationCreate: [6, 'account', 'one', 'user, the user locked, the organizations they founded counted, the organization, its first membership, the membership answered'],
  OrganizationInvitationCreate: [12, 'account', 'one', 'user, the admin\'s membership, the organization locked, already a member?, a pending one locked, seats, members, pending ones, the invitation, its token, the organization\'s name, its e-mail in the outbox'],
  OrganizationInvitationResend: [8, 'account', 'one', 'user, the invitation, the admin\'s membership, the organization and the invitation locked, the new token, the organization\'s name, its e-mail in the outbox'],
  OrganizationInvitationRevoke: [6, 'account', 'one', 'user, the invitation, the admin\'s membership, the organization and the invitation locked, the change'],
  OrganizationInvitation: [1, 'account', 'one'],
  OrganizationInvitationAccept: [10, 'account', 'one', 'user, the invitation, the organization and the invitation locked, already a member?, seats, members, the membership, the invitation used, the membership answered'],
  OrganizationInvitationDecline: [4, 'account', 'one', 'the invitation, the organization and the invitation locked, the change'],
  OrganizationMembershipDelete: [8, 'account', 'one', 'user, the membership, the actor\'s, the organization and its memberships locked, the membership again, the admin count (an admin\'s), the removal'],
  CheckoutOrganizationUpdate: [8, 'account', 'one', 'user, the membership, then as every checkout change (the change written only on the version kept from the previous change) with the organization\'s address read and the probe rights, then priced'],
  SubscriptionScheduleAdd: [9, 'account', 'one', 'user, admin membership, organization, list price and seat ranges, subscription, then the change in a transaction with its event'],
  SubscriptionScheduleRemove: [6, 'account', 'one', 'user, admin membership, organization, then the change in a transaction with its event'],
  SubscriptionAutoRenewalSet: [6, 'account', 'one', 'user, admin membership, organization, then the change in a transaction with its event'],
  PaymentMethodSetupStart: [5, 'account', 'one', 'user, admin membership, organization, the gateway customer, storing it'],
  PaymentMethodCreate: [8, 'account', 'list', 'user, admin membership, organization, then in a transaction: lock, duplicate check, primary, demote it, insert'],
  PaymentMethodUpdate: [4, 'account', 'one', 'user, admin membership, organization, the update'],
  PaymentMethodSetAsPrimary: [7, 'account', 'list', 'user, admin membership, organization, then in a transaction: lock, the method, demote the primary, promote it (one statement each, however many methods)'],
  PaymentMethodDelete: [5, 'account', 'list', 'user, admin membership, organization, then delete and promote the newest in a transaction'],
  ChangeSubscription: [23, 'account', 'one', 'idempotency record, quote (membership, organization, subscription, prices, saved method), the charge, the subscription, its event, mail and jobs, in a transaction; its receipt (decision 0042): organization with buyer and method, the address it was bought with (when the organization has none), plan variant with its tax rate, the order with its line and e-mail'],
  SubscriptionRenewal: [24, 'account', 'one', 'as ChangeSubscription, plus the new period and its period-end job'],
  LearnerVerificationRequest: [3, 'account', 'one'],
  UserDataRequests: [2, 'account', 'list'],
  AccountOrder: [9, 'account', 'one', 'user, the order (the user\'s own), then each a statement of its own: lines, payments, invoice, states (payment and shipping), shipments, credit notes, the catalogue version (gross or net prices)'],
  DataExportRequest: [5, 'account', 'one', 'user, their e-mail, a request already running, then the request and its job in the outbox'],
  UserConsents: [2, 'account', 'list'],
  ConsentRecord: [3, 'account', 'one'],
  AccountErasureRequest: [8, 'account', 'one', 'user, the password, then in a transaction: the user locked, a request already running, staff or not, organizations they alone administer with a live subscription, the request and its job'],

  // The checkout path, anonymous and signed in, with 1 line and with 10 (statement-counts-checkout.test.ts).
  CheckoutCreateWithOrganization: [8, 'checkout', 'list', 'catalogue version, the checkout with all its lines written and read back (one statement; its idempotency key looked up only when taken), then priced; signed in + user, memberships, learner price; the organization\'s saved methods its admin may pay with (issue 34)'],
  CheckoutLinesAdd: [7, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; all lines in one statement, the probe rights (a signed-in buyer\'s) read only for a probe line'],
  CheckoutLineUpdate: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  CheckoutLineDelete: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + free lines of a promo redone'],
  UpdateVoucher: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + the promo, the method or the quote rules'],
  CheckoutContactUpdate: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  UpdateCheckoutShippingAddress: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  UpdateCheckoutBillingAddress: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  CheckoutShippingMethodUpdate: [6, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + the promo, the method or the quote rules'],
  CheckoutVatNumberUpdateMutation: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  ChangeCheckoutCountry: [7, 'checkout', 'list', 'a checkout change (issue 34) as the others (5 signed in: the settings row twice, the change written only at the version kept, learner price, saved methods) + the new country\'s catalogue when cold: its tax settings and its rows (none when warm)'],
  CheckoutTradeInProgramDataUpdate: [7, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + the program flag and the serial already traded in'],
  CheckoutEstimatedDelivery: [3, 'checkout', 'list', 'the checkout priced for its shipping method and whether anything ships: its row with its lines, the catalogue version, the settings, guest or signed in'],
  CheckoutTradeInPromoPreview: [4, 'checkout', 'one', 'the checkout priced (row, lines, catalogue version, settings) and the program flag'],
  CheckoutReferrerUpdate: [5, 'checkout', 'one', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + the referrer (a rate limit and the membership)'],
  UpdateExpressCheckoutShippingAddress: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  AddExpressCheckoutAddresses: [5, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price'],
  CheckoutQuoteDataUpdate: [6, 'checkout', 'list', 'a checkout change: the change written with its version moved, only if still at the version this process kept from the previous change (one statement, checkout/recent.ts; the checkout with its lines read first when it has none), priced (catalogue version, settings); signed in + user, membership, learner price; + the promo, the method or the quote rules'],
  CheckoutByToken: [5, 'checkout', 'list', 'the checkout (row, lines), catalogue version, settings, the trade-in program flag; for an organization\'s checkout, the saved methods its admin may pay with (issue 34: a guest\'s stays at 4)'],
  CheckoutBeforePlaceOrderMutation: [7, 'checkout', 'list', 'a checkout change (written only on the version kept from the previous change, with the intent\'s payment row in its statement; the answer priced from what it wrote, not read again), priced (catalogue version, settings); signed in + user, membership, learner price; + the readiness checks; for an organization\'s checkout, the saved methods its admin may pay with (issue 34)'],
  CheckoutPlaceOrder: [11, 'checkout', 'list', 'the checkout\'s country, language and VAT number from the copy kept by the previous change (read when there is none; for the VIES re-check, issue 34), the checkout locked with the order of its idempotency key (one statement), the checkout priced (catalogue version, settings), trade-in and referrer checks, then one statement for the order with all its lines, its outbox row, the checkout closed and the stock taken (however many items), the referral credit with its month on the referrer\'s subscription (one statement), the invoice; for an organization\'s purchase without a company typed, the organization\'s name for its invoice (issue 34). 10 for a guest; signed in, a settings read that a background job had running when the placement asked is counted too (the placement then waits for a read sent after it asked, catalogue/service.ts sharedState)'],
  OrderByToken: [10, 'checkout', 'list', 'the order, then its lines, payments, invoice, payment and fulfilment states, shipments and credit notes (one statement each), catalogue version and tax settings (displayGrossPrices)'],
  InvoiceByToken: [2, 'checkout', 'one'],
  InvoicePay: [10, 'checkout', 'one', 'the invoice locked, its order, the payment recorded and settled, order and invoice marked paid, outbox, then the answer'],
  OrderPay: [13, 'checkout', 'list', 'the order locked, its invoice, the payment recorded and settled, the order marked paid, outbox, then the answer with lines, payments, invoice, states, shipments and credit notes'],
};
