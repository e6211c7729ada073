import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  LearnerVerificationQuery, LearnerVerificationQueryVariables, LearnerVerificationRequestMutation, LearnerVerificationRequestMutationVariables,
} from '../../graphql/generated.ts';

/** The signed-in learner's latest request for a market, and whether the shop runs that market's student price. */
export const LEARNER_VERIFICATION: TypedDocumentNode<LearnerVerificationQuery, LearnerVerificationQueryVariables> = gql`
  query LearnerVerification($market: LearnerMarket!) {
    shop { programFlags { studentPromo vetStudentPromo } }
    me { id learnerVerification(market: $market) { id status traineeType institution graduationYear proofName proofSize proofUrl createdAt decidedAt decisionNote validUntil } }
  }
`;

/** Sent as a multipart request (the proof is a File variable): data/multipart-link.ts. */
export const LEARNER_VERIFICATION_REQUEST: TypedDocumentNode<LearnerVerificationRequestMutation, LearnerVerificationRequestMutationVariables> = gql`
  mutation LearnerVerificationRequest($input: LearnerVerificationRequestInput!) {
    learnerVerificationRequest(input: $input) { verification { id status traineeType institution graduationYear proofName proofSize proofUrl createdAt decidedAt decisionNote validUntil } errors { field code message } }
  }
`;

export type LearnerVerificationFields = NonNullable<NonNullable<LearnerVerificationQuery['me']>['learnerVerification']>;
