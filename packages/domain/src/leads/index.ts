import { SURVEY_SPECIALTIES } from '../catalogue/survey.ts';

/**
 * Spec §3: the lead and contact form field keys, with the two keys for how the person heard about the
 * product (a choice, and its free-text detail), and the topic of an inquiry (spec §3 inquiry topics),
 * which the developer forms ask for.
 */
export const LEAD_FIELD_KEYS = [
  'FIRST_NAME', 'LAST_NAME', 'EMAIL', 'PHONE', 'ORGANIZATION_NAME', 'JOB_TITLE', 'PRACTICE_PLACE', 'SPECIALTY',
  'COUNTRY', 'COUNTRY_AREA', 'POSTAL_CODE', 'INQUIRY_TOPIC', 'HEARD_ABOUT_US', 'HEARD_ABOUT_US_OTHER', 'COMMENT', 'EMAIL_OPT_IN',
] as const;
export type LeadFieldKey = (typeof LEAD_FIELD_KEYS)[number];

/** Spec §3 inquiry topics. */
export const INQUIRY_TOPICS = ['SDK_ANDROID', 'SDK_IOS', 'SDK_CPP', 'INTEGRATION_APIS_ML_INFERENCE', 'CUSTOM_HARDWARE_OEM_SOLUTIONS', 'OTHER'] as const;

/** Spec §3 contact departments: the team a form's leads are routed to in the CRM. */
const DEPARTMENT_BASES = ['COMMERCIAL', 'DISTRIBUTOR', 'EDUCATIONAL', 'MARKETING', 'PRODUCT', 'SDK'] as const;
export const CONTACT_DEPARTMENTS = [...DEPARTMENT_BASES, ...DEPARTMENT_BASES.map((d) => `HUMAN_${d}` as const), ...DEPARTMENT_BASES.map((d) => `VET_${d}` as const)] as const;
export type ContactDepartment = (typeof CONTACT_DEPARTMENTS)[number];

/** Where the person practises (the spec does not list its values). */
export const PRACTICE_TYPES = ['HOSPITAL', 'PRIVATE_PRACTICE', 'CLINIC_GROUP', 'EMERGENCY_SERVICES', 'ACADEMIC', 'GOVERNMENT', 'VET_CLINIC', 'OTHER'] as const;

/** Job titles (the spec does not list its values). */
export const JOB_TITLES = ['PHYSICIAN', 'NURSE', 'SONOGRAPHER', 'PARAMEDIC', 'VETERINARIAN', 'ADMINISTRATOR', 'EDUCATOR', 'STUDENT', 'OTHER'] as const;

/** How the person heard about the product. */
export const HEARD_ABOUT_SOURCES = ['COLLEAGUE', 'CONFERENCE', 'SEARCH', 'SOCIAL_MEDIA', 'WEBINAR', 'PUBLICATION', 'OTHER'] as const;

/** Specialties per market: the survey's human ones and its veterinary ones. */
export const HUMAN_SPECIALTIES = SURVEY_SPECIALTIES.filter((s) => !s.startsWith('VET_'));
export const VET_SPECIALTIES = SURVEY_SPECIALTIES.filter((s) => s.startsWith('VET_'));

/** The page kinds of spec §2 "Marketing form pages"; the catch-all `/form/{slug}/` is GENERIC. */
export const LEAD_FORM_KINDS = [
  'DEMO', 'ENTERPRISE', 'GOVERNMENT', 'TRADE_SHOW', 'WEBINAR', 'VET_WEBINAR', 'PLAYBOOK', 'WHITEPAPER', 'CASE_STUDY', 'HOLIDAY_DEALS', 'DO_NOT_SELL', 'GENERIC',
] as const;
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

/** The choices of a choice field (COUNTRY and COUNTRY_AREA come from the countries and the address rules instead). */
export function fieldChoices(key: LeadFieldKey, market: 'HUMAN' | 'VETERINARY'): readonly string[] | null {
  switch (key) {
    case 'PRACTICE_PLACE': return PRACTICE_TYPES;
    case 'SPECIALTY': return market === 'VETERINARY' ? VET_SPECIALTIES : HUMAN_SPECIALTIES;
    case 'JOB_TITLE': return JOB_TITLES;
    case 'INQUIRY_TOPIC': return INQUIRY_TOPICS;
    case 'HEARD_ABOUT_US': return HEARD_ABOUT_SOURCES;
    default: return null;
  }
}

/** A form path after `/form/`: lowercase slugs, one or two segments (`demo`, `webinar/lung-basics`). */
export const LEAD_FORM_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/**
 * The messages an embedded form page exchanges with its parent window (spec §2). The page posts
 * PROVIDER_LOADED and FORM_SUBMITTED to an allowed parent only; it accepts PREFILL from one only.
 */
export const FORM_MESSAGES = {
  providerLoaded: 'probe-forms:provider-loaded',
  formSubmitted: 'probe-forms:form-submitted',
  prefill: 'probe-forms:prefill',
  /** `{ type: 'probe-forms:height', height }`: the page's full height in CSS pixels, sent on load and on every change, so the parent sizes its iframe. */
  height: 'probe-forms:height',
} as const;

/**
 * Whether `origin` is one of the allowed parent origins: the exact serialized origin (scheme, host,
 * port), never a prefix, suffix or pattern match, and never the opaque origin "null".
 */
export function isAllowedParentOrigin(origin: string, allowed: readonly string[]): boolean {
  return origin !== 'null' && origin !== '*' && allowed.includes(origin);
}

/** Normalizes a configured origin ("https://Beta.Example.com/" → "https://beta.example.com"); null if it is not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    // A host name or an IP address: no wildcard or other pattern ever names a set of origins.
    if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
    return url.origin;
  } catch {
    return null;
  }
}
