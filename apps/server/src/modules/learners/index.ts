/** Learner status verification (spec §2): proofs of enrollment, the operator's decision, the student price it unlocks. */
export {
  currentVerification, decideLearnerVerification, LEARNER_ERROR_CODES, LEARNER_MARKETS, LEARNER_STATUSES, listLearnerVerifications,
  proofFor, requestLearnerVerification, verifiedLearnerMarkets,
  type LearnerError, type LearnerMarket, type LearnerStatus, type LearnerVerification,
} from './verifications.ts';
export { PROOF_MAX_BYTES } from './proof.ts';
