export {
  recordAnalyticsEvent, ANALYTICS_EVENT_NAMES, MAX_EVENT_BYTES, MAX_PURCHASE_BYTES, type AnalyticsEventInput, type AnalyticsError, type AnalyticsSender,
} from './record.ts';
