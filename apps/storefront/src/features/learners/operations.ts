import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  LearnerVerificationQuery, LearnerVerificationQueryVariables, LearnerVerificationRequestMutation, LearnerVerificationRequestMutationVariables,
} from '../../graphql/generated.ts';

const FIELDS = gql`
  fragment LearnerVerificationFields on LearnerVerification {
    id status traineeType institution graduationYear proofName proofSize proofUrl createdAt decidedAt decisionNote validUntil
  }
`;

/** The signed-in learner's latest request for a market, and whether the shop runs that market's student price. */
export const LEARNER_VERIFICATION: TypedDocumentNode<LearnerVerificationQuery, LearnerVerificationQueryVariables> = gql`
  query LearnerVerification($market: LearnerMarket!) {
    shop { programFlags { studentPromo vetStudentPromo } }
    me { id learnerVerification(market: $market) { ...LearnerVerificationFields } }
  }
  ${FIELDS}
`;

/** Sent as a multipart request (the proof is a File variable): data/multipart-link.ts. */
export const LEARNER_VERIFICATION_REQUEST: TypedDocumentNode<LearnerVerificationRequestMutation, LearnerVerificationRequestMutationVariables> = gql`
  mutation LearnerVerificationRequest($input: LearnerVerificationRequestInput!) {
    learnerVerificationRequest(input: $input) { verification { ...LearnerVerificationFields } errors { field code message } }
  }
  ${FIELDS}
`;

export type LearnerVerificationFields = NonNullable<NonNullable<LearnerVerificationQuery['me']>['learnerVerification']>;
