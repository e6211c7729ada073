import type { Market } from './catalogue.ts';

/** Spec §3: the pricing survey's enumerations. */
export const PRACTITIONER_BANDS = ['IQ_1', 'IQ_2', 'IQ_5', 'IQ_10', 'IQ_ABOVE_10'] as const;
export type PractitionerBand = (typeof PRACTITIONER_BANDS)[number];

export const EXPERIENCE_LEVELS = ['NONE', 'NOVICE', 'INTERMEDIATE', 'ADVANCED'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const TRAINEE_TYPES = ['MEDICAL_STUDENT', 'RESIDENT', 'OTHER_TRAINEE'] as const;
export type TraineeType = (typeof TRAINEE_TYPES)[number];

/** The survey's "role" answer: one of the trainee types, or a qualified practitioner. */
export const SURVEY_ROLES = ['PRACTITIONER', ...TRAINEE_TYPES] as const;
export type SurveyRole = (typeof SURVEY_ROLES)[number];

/**
 * The specialties the survey offers (the spec does not list its values). The VET_ ones put the buyer in
 * the veterinary market.
 */
export const SURVEY_SPECIALTIES = [
  'EMERGENCY', 'CRITICAL_CARE', 'ANESTHESIOLOGY', 'INTERNAL_MEDICINE', 'FAMILY_MEDICINE', 'CARDIOLOGY',
  'OBSTETRICS', 'MUSCULOSKELETAL', 'OTHER_HUMAN', 'VET_SMALL_ANIMAL', 'VET_EQUINE', 'VET_MIXED',
] as const;
export type SurveySpecialty = (typeof SURVEY_SPECIALTIES)[number];

export interface SurveyAnswers {
  practitioners: PractitionerBand;
  role: SurveyRole;
  experience: ExperienceLevel;
  specialty: SurveySpecialty;
}

/**
 * What the results screen can recommend. Each key names one market's offer, so a results link carries
 * everything needed to show the same recommendation again.
 */
export const SURVEY_BUNDLES = [
  'all-in', 'pro', 'pro-custom', 'team', 'clinic', 'education',
  'vet-all-in', 'vet-pro', 'vet-team', 'vet-clinic', 'vet-education',
] as const;
export type SurveyBundle = (typeof SURVEY_BUNDLES)[number];

export const isVetSpecialty = (specialty: SurveySpecialty): boolean => specialty.startsWith('VET_');

export function surveyMarket(answers: Pick<SurveyAnswers, 'specialty'>): Market {
  return isVetSpecialty(answers.specialty) ? 'VETERINARY' : 'HUMAN';
}

/**
 * The recommendation rule, best match first (at most three):
 * - trainees (medical students and other trainees) get the education offer; residents get it with
 *   Pro beside it, since they scan daily on the wards;
 * - one practitioner (IQ_1): with no or novice experience the all-in bundle (probe, three years of Pro,
 *   warranty: nothing else to decide) then Pro; intermediate: Pro then the all-in bundle; advanced:
 *   Pro Custom (the add-ons an experienced scanner uses) then Pro;
 * - two to five practitioners (IQ_2, IQ_5): Team, then Pro for each person;
 * - ten (IQ_10): Clinic, then Team; above ten: Clinic;
 * - a veterinary specialty gives the same answer in the veterinary market (vet- keys); Pro Custom is
 *   sold for human medicine only, so an advanced vet gets Pro and the all-in bundle.
 */
export function recommendBundles(answers: SurveyAnswers): SurveyBundle[] {
  const vet = isVetSpecialty(answers.specialty);
  let picks: Array<'all-in' | 'pro' | 'pro-custom' | 'team' | 'clinic' | 'education'>;
  if (answers.role === 'MEDICAL_STUDENT' || answers.role === 'OTHER_TRAINEE') picks = ['education'];
  else if (answers.role === 'RESIDENT') picks = ['education', 'pro'];
  else {
    switch (answers.practitioners) {
      case 'IQ_1':
        if (answers.experience === 'NONE' || answers.experience === 'NOVICE') picks = ['all-in', 'pro'];
        else if (answers.experience === 'INTERMEDIATE') picks = ['pro', 'all-in'];
        else picks = vet ? ['pro', 'all-in'] : ['pro-custom', 'pro'];
        break;
      case 'IQ_2':
      case 'IQ_5':
        picks = ['team', 'pro'];
        break;
      case 'IQ_10':
        picks = ['clinic', 'team'];
        break;
      case 'IQ_ABOVE_10':
        picks = ['clinic'];
        break;
    }
  }
  return picks.map((p) => (vet ? (`vet-${p}` as SurveyBundle) : p));
}

/** The market of a recommended bundle key. */
export const bundleMarket = (bundle: SurveyBundle): Market => (bundle.startsWith('vet-') ? 'VETERINARY' : 'HUMAN');

/** A bundle key without its market prefix. */
export const bundleKind = (bundle: SurveyBundle) => bundle.replace(/^vet-/, '') as 'all-in' | 'pro' | 'pro-custom' | 'team' | 'clinic' | 'education';

/** The results link's path segment: the recommended keys joined by "+" (e.g. "team+pro"). */
export const BUNDLE_SEPARATOR = '+';

export function encodeBundles(bundles: readonly SurveyBundle[]): string {
  return bundles.join(BUNDLE_SEPARATOR);
}

/** Reads a results path segment: known keys only, each once, in the order given; null when none is valid. */
export function decodeBundles(segment: string | undefined | null): SurveyBundle[] | null {
  if (!segment) return null;
  const keys = segment.split(/[+ ]/).filter((k, i, all): k is SurveyBundle => (SURVEY_BUNDLES as readonly string[]).includes(k) && all.indexOf(k) === i);
  return keys.length ? keys.slice(0, 3) : null;
}

/** The query names of the answers in step and results links. */
export const SURVEY_PARAMS = { practitioners: 'practitioners', role: 'role', experience: 'experience', specialty: 'specialty' } as const;

const ALLOWED: { [K in keyof SurveyAnswers]: readonly string[] } = {
  practitioners: PRACTITIONER_BANDS,
  role: SURVEY_ROLES,
  experience: EXPERIENCE_LEVELS,
  specialty: SURVEY_SPECIALTIES,
};

/** The answers a query carries, each only when it is one of the allowed values. */
export function readSurveyAnswers(query: URLSearchParams): Partial<SurveyAnswers> {
  const answers: Partial<Record<keyof SurveyAnswers, string>> = {};
  for (const key of Object.keys(ALLOWED) as Array<keyof SurveyAnswers>) {
    const value = query.get(SURVEY_PARAMS[key]);
    if (value && ALLOWED[key].includes(value)) answers[key] = value;
  }
  return answers as Partial<SurveyAnswers>;
}

export function isCompleteSurvey(answers: Partial<SurveyAnswers>): answers is SurveyAnswers {
  return (Object.keys(ALLOWED) as Array<keyof SurveyAnswers>).every((key) => answers[key] !== undefined);
}
