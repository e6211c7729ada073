import { describe, expect, it } from 'vitest';
import { contactPage, offersAcademyCourses, returnPolicyLink, showsEnglishOnlyCourseNote, supportLink, SUPPORT_BASE_URL } from '../src/markets/contact.ts';

describe('contact, support and return-policy rules (spec §2)', () => {
  it('has regional contact pages for the listed countries, Germany and Austria sharing one, and a default elsewhere', () => {
    expect(contactPage('GB')).toBe('gb');
    expect(contactPage('DE')).toBe(contactPage('AT'));
    expect(contactPage('FI')).toBe('fi');
    expect(contactPage('US')).toBe('default');
    expect(contactPage('ES')).toBe('default');
  });

  it('keys support links by country for the Netherlands and Portugal, else by language', () => {
    expect(supportLink('NL', 'nl')).toBe(`${SUPPORT_BASE_URL}/nl-nl`);
    expect(supportLink('BE', 'nl')).toBe(`${SUPPORT_BASE_URL}/nl-be`);
    expect(supportLink('PT', 'pt')).toBe(`${SUPPORT_BASE_URL}/pt-pt`);
    expect(supportLink('US', 'pt')).toBe(`${SUPPORT_BASE_URL}/pt-br`);
    expect(supportLink('NL', 'en')).toBe(`${SUPPORT_BASE_URL}/nl-nl`);
    expect(supportLink('US', 'en-US')).toBe(`${SUPPORT_BASE_URL}/en-us`);
  });

  it('gives return-policy links per language and country', () => {
    expect(returnPolicyLink('DE', 'de')).toBe(`${SUPPORT_BASE_URL}/de/returns/de`);
    expect(returnPolicyLink('CH', 'fr')).toBe(`${SUPPORT_BASE_URL}/fr/returns/ch`);
    expect(returnPolicyLink('KE', 'en')).toBe(`${SUPPORT_BASE_URL}/en-gb/returns/intl`);
  });
});

describe('Academy courses (spec §1)', () => {
  it('names the listed countries', () => {
    expect(offersAcademyCourses('FI')).toBe(true);
    expect(offersAcademyCourses('FR')).toBe(false);
  });

  it('hides the English-only note in US, GB, CA, NZ and AU, but not for Canadian French', () => {
    expect(showsEnglishOnlyCourseNote('US', 'en-US')).toBe(false);
    expect(showsEnglishOnlyCourseNote('AU', 'en-AU')).toBe(false);
    expect(showsEnglishOnlyCourseNote('CA', 'en-CA')).toBe(false);
    expect(showsEnglishOnlyCourseNote('CA', 'fr-CA')).toBe(true);
    expect(showsEnglishOnlyCourseNote('DE', 'de-DE')).toBe(true);
  });
});
