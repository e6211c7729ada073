export { recordAnalyticsEvent, ANALYTICS_EVENT_NAMES, type AnalyticsEventInput, type AnalyticsError } from './record.ts';
