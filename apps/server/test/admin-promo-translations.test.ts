import { DEMO_USERS } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, startStaffApp } from './admin-support.ts';
import type { TestApp } from './harness.ts';

/** Issue 35: a promo's name and banner are written in the store's other languages in the console; a German page shows the German. */
const [, , , vet] = DEMO_USERS;
let t: TestApp;
let manager: Record<string, string>;
beforeAll(async () => {
  const app = await startStaffApp([[vet!, 'CATALOGUE_MANAGER']]);
  t = app.t;
  manager = await app.sign(vet!);
});
afterAll(() => t?.close());

const FIELDS = 'promo { id code translations { language name bannerMessage } } errors { field code }';
const CREATE = `mutation C($i: StaffPromoInput!) { promoCreate(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation U($id: Int!, $i: StaffPromoInput!) { promoUpdate(id: $id, input: $i) { ${FIELDS} } }`;
type Saved = { promo: { id: number; code: string; translations: Array<{ language: string; name: string | null; bannerMessage: string | null }> } | null; errors: Array<{ field: string; code: string }> };
const base = { code: 'HERBST35', name: 'Autumn offer', percent: 10, countries: ['DE', 'FR'], bannerMessage: 'Autumn offer: 10% off', bannerVisibilityPages: ['home', 'pricing'] };
const shown = async (country: string, language: string) =>
  (await t.gql<{ shop: { catalogue: { promos: Array<{ code: string; name: string; bannerMessage: string | null }> } } }>(
    `{ shop { catalogue(country: ${country}, languageCode: ${language}) { promos { code name bannerMessage } } } }`)).body.data!.shop.catalogue.promos.find((p) => p.code === 'HERBST35');

describe('promo texts in the store languages', () => {
  it('are written with the promo, shown on the pages of that language (English elsewhere), changed and removed with it; an unknown language is refused', async () => {
    const refused = (await adminGql<{ promoCreate: Saved }>(t, CREATE, { i: { ...base, translations: [{ language: 'xx', name: 'X' }] } }, manager)).data!.promoCreate;
    expect([refused.promo, refused.errors]).toEqual([null, [{ field: 'translations', code: 'INVALID' }]]);

    const created = (await adminGql<{ promoCreate: Saved }>(t, CREATE, { i: { ...base, translations: [
      { language: 'de', name: 'Herbstangebot', bannerMessage: 'Herbstangebot: 10 % Rabatt' },
      { language: 'fr', name: null, bannerMessage: 'Offre d’automne : 10 % de remise' },
      { language: 'it', name: '', bannerMessage: '  ' },
    ] } }, manager)).data!.promoCreate;
    expect(created.errors).toEqual([]);
    expect(created.promo!.translations).toEqual([
      { language: 'de', name: 'Herbstangebot', bannerMessage: 'Herbstangebot: 10 % Rabatt' },
      { language: 'fr', name: 'Autumn offer', bannerMessage: 'Offre d’automne : 10 % de remise' },
    ]);
    expect(await shown('DE', 'DE')).toEqual({ code: 'HERBST35', name: 'Herbstangebot', bannerMessage: 'Herbstangebot: 10 % Rabatt' });
    expect((await shown('FR', 'FR'))!.bannerMessage).toBe('Offre d’automne : 10 % de remise');
    expect((await shown('DE', 'EN'))!.bannerMessage).toBe('Autumn offer: 10% off');

    // Saved again without translations: they stay; with a new list: it replaces them.
    const id = created.promo!.id;
    expect((await adminGql<{ promoUpdate: Saved }>(t, UPDATE, { id, i: base }, manager)).data!.promoUpdate.promo!.translations).toHaveLength(2);
    const changed = (await adminGql<{ promoUpdate: Saved }>(t, UPDATE, { id, i: { ...base, translations: [{ language: 'de', name: 'Herbst', bannerMessage: 'Herbst: 10 % Rabatt' }] } }, manager)).data!.promoUpdate;
    expect(changed.promo!.translations.map((tr) => tr.language)).toEqual(['de']);
    expect((await shown('DE', 'DE'))!.bannerMessage).toBe('Herbst: 10 % Rabatt');
    expect((await shown('FR', 'FR'))!.bannerMessage).toBe('Autumn offer: 10% off');
  });

  it('a banner\'s message too: written with it in the console, shown in that language (English elsewhere), replaced with it; an unknown language refused', async () => {
    const SAVE = 'mutation S($id: Int, $i: StaffBannerInput!) { bannerSave(id: $id, input: $i) { banner { id translations { language content } } errors { field code } } }';
    type Saved = { bannerSave: { banner: { id: number; translations: Array<{ language: string; content: string }> } | null; errors: Array<{ field: string; code: string }> } };
    const input = { content: 'Open on Saturdays in December', visibility: ['pricing'], countries: ['DE', 'FR'] };
    const refused = (await adminGql<Saved>(t, SAVE, { i: { ...input, translations: [{ language: 'en', content: 'x' }] } }, manager)).data!.bannerSave;
    expect(refused.errors).toEqual([{ field: 'translations', code: 'INVALID' }]);
    const saved = (await adminGql<Saved>(t, SAVE, { i: { ...input, translations: [{ language: 'de', content: 'Im Dezember auch samstags geöffnet' }, { language: 'fr', content: '' }] } }, manager)).data!.bannerSave;
    expect(saved.banner!.translations).toEqual([{ language: 'de', content: 'Im Dezember auch samstags geöffnet' }]);
    const banner = async (country: string, language: string) =>
      (await t.gql<{ shop: { catalogue: { banner: { content: string } | null } } }>(`{ shop { catalogue(country: ${country}, languageCode: ${language}) { banner(page: "pricing") { content } } } }`)).body.data!.shop.catalogue.banner?.content;
    expect(await banner('DE', 'DE')).toBe('Im Dezember auch samstags geöffnet');
    expect(await banner('FR', 'FR')).toBe('Open on Saturdays in December');
    const replaced = (await adminGql<Saved>(t, SAVE, { id: saved.banner!.id, i: { ...input, translations: [{ language: 'fr', content: 'Ouvert le samedi en décembre' }] } }, manager)).data!.bannerSave;
    expect(replaced.banner!.translations).toEqual([{ language: 'fr', content: 'Ouvert le samedi en décembre' }]);
    expect(await banner('FR', 'FR')).toBe('Ouvert le samedi en décembre');
    expect(await banner('DE', 'DE')).toBe('Open on Saturdays in December');
  });
});
