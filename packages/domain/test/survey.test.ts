import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleMarket, decodeBundles, encodeBundles, EXPERIENCE_LEVELS, isCompleteSurvey, PRACTITIONER_BANDS, readSurveyAnswers, recommendBundles,
  SURVEY_BUNDLES, SURVEY_ROLES, SURVEY_SPECIALTIES, surveyMarket, type SurveyAnswers,
} from '../src/catalogue/survey.ts';

const base: SurveyAnswers = { practitioners: 'IQ_1', role: 'PRACTITIONER', experience: 'INTERMEDIATE', specialty: 'EMERGENCY' };
const answers = fc.record({
  practitioners: fc.constantFrom(...PRACTITIONER_BANDS),
  role: fc.constantFrom(...SURVEY_ROLES),
  experience: fc.constantFrom(...EXPERIENCE_LEVELS),
  specialty: fc.constantFrom(...SURVEY_SPECIALTIES),
});

describe('pricing survey recommendation (spec §3 bands, levels and trainee types)', () => {
  it('recommends an individual plan for one practitioner, by experience', () => {
    expect(recommendBundles({ ...base, experience: 'NONE' })).toEqual(['all-in', 'pro']);
    expect(recommendBundles({ ...base, experience: 'NOVICE' })).toEqual(['all-in', 'pro']);
    expect(recommendBundles(base)).toEqual(['pro', 'all-in']);
    expect(recommendBundles({ ...base, experience: 'ADVANCED' })).toEqual(['pro-custom', 'pro']);
  });

  it('recommends Team for two to five practitioners and Clinic from ten', () => {
    expect(recommendBundles({ ...base, practitioners: 'IQ_2' })).toEqual(['team', 'pro']);
    expect(recommendBundles({ ...base, practitioners: 'IQ_5' })).toEqual(['team', 'pro']);
    expect(recommendBundles({ ...base, practitioners: 'IQ_10' })).toEqual(['clinic', 'team']);
    expect(recommendBundles({ ...base, practitioners: 'IQ_ABOVE_10' })).toEqual(['clinic']);
  });

  it('gives trainees the education offer, residents with Pro beside it, whatever the team size', () => {
    expect(recommendBundles({ ...base, role: 'MEDICAL_STUDENT', practitioners: 'IQ_10' })).toEqual(['education']);
    expect(recommendBundles({ ...base, role: 'OTHER_TRAINEE' })).toEqual(['education']);
    expect(recommendBundles({ ...base, role: 'RESIDENT' })).toEqual(['education', 'pro']);
  });

  it('answers a veterinary specialty in the veterinary market, without Pro Custom (human only)', () => {
    expect(surveyMarket({ specialty: 'VET_EQUINE' })).toBe('VETERINARY');
    expect(recommendBundles({ ...base, specialty: 'VET_SMALL_ANIMAL', practitioners: 'IQ_5' })).toEqual(['vet-team', 'vet-pro']);
    expect(recommendBundles({ ...base, specialty: 'VET_MIXED', experience: 'ADVANCED' })).toEqual(['vet-pro', 'vet-all-in']);
    expect(recommendBundles({ ...base, specialty: 'VET_MIXED', role: 'MEDICAL_STUDENT' })).toEqual(['vet-education']);
  });

  it('always recommends one to three known offers, all of the answers\' market, and survives its own link', () => {
    fc.assert(fc.property(answers, (a) => {
      const picks = recommendBundles(a);
      expect(picks.length).toBeGreaterThanOrEqual(1);
      expect(picks.length).toBeLessThanOrEqual(3);
      for (const p of picks) {
        expect(SURVEY_BUNDLES).toContain(p);
        expect(bundleMarket(p)).toBe(surveyMarket(a));
      }
      expect(decodeBundles(encodeBundles(picks))).toEqual(picks);
    }));
  });
});

describe('results link', () => {
  it('encodes the recommendation in one path segment and reads back known keys only', () => {
    expect(encodeBundles(['team', 'pro'])).toBe('team+pro');
    expect(decodeBundles('team+pro')).toEqual(['team', 'pro']);
    expect(decodeBundles('team pro')).toEqual(['team', 'pro']); // a "+" decoded as a space
    expect(decodeBundles('team+bogus+team')).toEqual(['team']);
    expect(decodeBundles('bogus')).toBeNull();
    expect(decodeBundles(undefined)).toBeNull();
  });

  it('reads the allowed answers from a query and says when they are complete', () => {
    const q = new URLSearchParams('practitioners=IQ_5&role=RESIDENT&experience=LOTS&specialty=CARDIOLOGY');
    const read = readSurveyAnswers(q);
    expect(read).toEqual({ practitioners: 'IQ_5', role: 'RESIDENT', specialty: 'CARDIOLOGY' });
    expect(isCompleteSurvey(read)).toBe(false);
    q.set('experience', 'ADVANCED');
    expect(isCompleteSurvey(readSurveyAnswers(q))).toBe(true);
  });
});
