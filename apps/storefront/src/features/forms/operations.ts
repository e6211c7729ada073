import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LeadFormQuery, LeadFormQueryVariables, LeadFormSubmitMutation, LeadFormSubmitMutationVariables } from '../../graphql/generated.ts';

export type LeadFormFields = NonNullable<LeadFormQuery['leadForm']>;
export type LeadFieldKey = LeadFormFields['fields'][number]['key'];

/** A marketing form by its path after /form/ (null: the page is a 404), with a fresh ticket. */
export const LEAD_FORM: TypedDocumentNode<LeadFormQuery, LeadFormQueryVariables> = gql`
  query LeadForm($path: String!, $languageCode: LanguageCodeEnum!) {
    leadForm(path: $path, languageCode: $languageCode) {
      path
      kind
      name
      market
      title
      intro
      eventStartsAt
      registrationClosed
      fields { key required choices }
      parentOrigins
      ticket
    }
  }
`;

export const LEAD_FORM_SUBMIT: TypedDocumentNode<LeadFormSubmitMutation, LeadFormSubmitMutationVariables> = gql`
  mutation LeadFormSubmit($input: LeadSubmitInput!) {
    leadFormSubmit(input: $input) {
      submitted
      formName
      errors { field message code }
    }
  }
`;
