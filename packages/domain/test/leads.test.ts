import { describe, expect, it } from 'vitest';
import { fieldChoices, isAllowedParentOrigin, LEAD_FORM_PATH, normalizeOrigin } from '../src/leads/index.ts';

describe('embedding origins (spec §2)', () => {
  const allowed = ['https://probe.store', 'https://vet.probe.example'];
  it('allows exactly the listed origins: no prefix, suffix, scheme or port look-alike, no opaque origin', () => {
    expect(isAllowedParentOrigin('https://probe.store', allowed)).toBe(true);
    for (const lookAlike of ['https://probe.store.evil.example', 'https://evilprobe.store', 'http://probe.store', 'https://probe.store:8443', 'https://vet.probe.example.', 'null', '*', '']) {
      expect(isAllowedParentOrigin(lookAlike, allowed), lookAlike).toBe(false);
    }
  });
  it('reads configured origins as origins only', () => {
    expect(normalizeOrigin('HTTPS://Vet.Probe.Example:443/')).toBe('https://vet.probe.example');
    expect(normalizeOrigin('https://*.probe.store')).toBeNull();
    expect(normalizeOrigin('https://probe.store/embed')).toBeNull();
    expect(normalizeOrigin('javascript:alert(1)')).toBeNull();
  });
});

describe('lead forms', () => {
  it('form paths are one or two lowercase slugs', () => {
    expect(['demo', 'webinar/lung-basics', 'trade-show/rsna-2026'].every((p) => LEAD_FORM_PATH.test(p))).toBe(true);
    expect(['', 'Demo', '../demo', 'a/b/c', 'demo/'].some((p) => LEAD_FORM_PATH.test(p))).toBe(false);
  });
  it('offers the veterinary specialties on a veterinary form and the human ones elsewhere', () => {
    expect(fieldChoices('SPECIALTY', 'VETERINARY')).toEqual(['VET_SMALL_ANIMAL', 'VET_EQUINE', 'VET_MIXED']);
    expect(fieldChoices('SPECIALTY', 'HUMAN')).not.toContain('VET_EQUINE');
    expect(fieldChoices('INQUIRY_TOPIC', 'HUMAN')).toContain('SDK_CPP');
    expect(fieldChoices('EMAIL', 'HUMAN')).toBeNull();
  });
});
