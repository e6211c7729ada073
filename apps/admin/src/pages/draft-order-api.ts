import type { MessageId } from '../i18n/text.ts';

/** The console's draft orders (issue 35): what a page reads of one, and the operations. */
export interface DraftAddress {
  firstName: string; lastName: string; companyName: string; streetAddress1: string; streetAddress2: string;
  city: string; postalCode: string; countryArea: string; country: string; phone: string;
}
export interface Draft {
  id: number; number: string; state: 'DRAFT' | 'SENT' | 'PAID' | 'CANCELLED'; email: string; country: string; language: string; currency: string; note: string | null;
  lines: Array<{ variantId: number; sku: string; name: string; quantity: number; unitPrice: number; total: number }>;
  subtotal: number; shipping: number; tax: number; total: number;
  shippingAddress: DraftAddress | null; billingAddress: DraftAddress | null; vatNumber: string | null; reverseCharge: boolean;
  linkSentAt: string | null; linkExpiresAt: string | null; orderNumber: string | null; createdAt: string;
}

/** A draft's state in the console's words (a typed table: the type checker and the catalogue test see every id). */
export const DRAFT_STATE_WORDS: Record<Draft['state'], MessageId> = {
  DRAFT: 'drafts.state.DRAFT', SENT: 'drafts.state.SENT', PAID: 'drafts.state.PAID', CANCELLED: 'drafts.state.CANCELLED',
};
export interface DraftPayload { draft: Draft | null; errors: Array<{ field: string | null; code: string; message: string }> }

const ADDRESS = 'firstName lastName companyName streetAddress1 streetAddress2 city postalCode countryArea country phone';
export const DRAFT_FIELDS = `id number state email country language currency note lines { variantId sku name quantity unitPrice total } subtotal shipping tax total
  shippingAddress { ${ADDRESS} } billingAddress { ${ADDRESS} } vatNumber reverseCharge linkSentAt linkExpiresAt orderNumber createdAt`;

export const DRAFTS = `query Drafts { draftOrders { ${DRAFT_FIELDS} } }`;
export const DRAFT = `query Draft($id: Int!) { draftOrder(id: $id) { ${DRAFT_FIELDS} } }`;
export const CHOICES = `query DraftChoices($country: String!, $language: String) {
  draftOrderCountries draftOrderLanguages draftOrderVariants(country: $country) { variantId sku name price currency }
  draftOrderAddressRules(country: $country, language: $language) { requiredFields countryAreaChoices { raw verbose } postalCodeType hasPostalCode }
}`;
export interface AddressRules { requiredFields: string[]; countryAreaChoices: Array<{ raw: string; verbose: string }>; postalCodeType: string; hasPostalCode: boolean }
export const CREATE = `mutation DraftCreate($input: StaffDraftOrderInput!) { draftOrderCreate(input: $input) { draft { ${DRAFT_FIELDS} } errors { field code message } } }`;
export const UPDATE = `mutation DraftUpdate($id: Int!, $input: StaffDraftOrderInput!) { draftOrderUpdate(id: $id, input: $input) { draft { ${DRAFT_FIELDS} } errors { field code message } } }`;
export const action = (name: 'draftOrderSendPayLink' | 'draftOrderCancel' | 'draftOrderDelete') =>
  `mutation DraftAction($id: Int!) { ${name}(id: $id) { draft { ${DRAFT_FIELDS} } errors { field code message } } }`;

export const EMPTY_ADDRESS: DraftAddress = { firstName: '', lastName: '', companyName: '', streetAddress1: '', streetAddress2: '', city: '', postalCode: '', countryArea: '', country: '', phone: '' };
