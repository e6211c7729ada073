/** Outbox topics of subscriptions. */
export const TOPICS = {
  /** A subscription's period ends (or a declined renewal is due for another try): payload PeriodEndJob. */
  periodEnd: 'subscription.period-end',
  /** A paid change or renewal order that must be finished if its process died mid-way: payload ChargeResumeJob. */
  chargeResume: 'subscription.charge-resume',
} as const;

export interface ChargeResumeJob {
  chargeId: number;
}

export interface PeriodEndJob {
  subscriptionId: string;
  /** The period end the job was written for (ISO); a job whose period has moved on does nothing. */
  periodEnd: string;
  /** Staff retry a failed renewal now (the console): a PAST_DUE subscription is charged once more too. */
  retry?: boolean;
}
