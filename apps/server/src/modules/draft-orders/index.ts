/** Draft orders (issue 35): an order written by staff for a phone or e-mail sale, paid by the buyer through a pay link. */
export { cancelDraft, createDraft, deleteDraft, draftById, listDrafts, updateDraft, type DraftDeps, type DraftError, type DraftInput } from './drafts.ts';
export { hashPayToken, PAY_LINK_PATH, PAY_LINK_TTL_MS, payPayLink, sendPayLink, startPayLinkPayment, viewPayLink, type PayInput, type PayLinkState, type PayLinkView } from './pay-link.ts';
export { draftNumber, type DraftState, type DraftSummary } from './summary.ts';
