import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../src/http/storefront-bundle.ts';
import { ensureBuilt, ROOT } from './built-server.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * A webinar's form page after its date, as the app renders it (the built forms application): the translated
 * "registration closed" message with the date it took place, and no form to fill in. Before the date, the form.
 */
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  ensureBuilt();
  t = await startTestApp({ now: () => new Date(clock), storefront: await loadStorefrontBundles(join(ROOT, 'apps/storefront/dist')) });
}, 600_000);
afterAll(() => t?.close());

const WEBINAR = 'webinar/lung-ultrasound-basics';
const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body.replace(/<script[\s\S]*?<\/script>/g, '');
};

describe('a webinar form page after its date', () => {
  it('shows the registration form before the webinar, and "registration closed" with its date in the page\'s language after', async () => {
    const starts = Date.parse((await t.gql<{ leadForm: { eventStartsAt: string } }>(`{ leadForm(path: "${WEBINAR}", languageCode: EN) { eventStartsAt } }`)).body.data!.leadForm.eventStartsAt);
    clock = starts - 86_400_000;
    const open = await html(`/nl/nl/form/${WEBINAR}/`);
    expect(open).toContain('class="lead-form"');
    expect(open).not.toContain('data-testid="forms-closed"');

    clock = starts + 60_000;
    const dutch = await html(`/nl/nl/form/${WEBINAR}/`);
    expect(dutch).not.toContain('class="lead-form"');
    const closed = /<section[^>]*data-testid="forms-closed"[^>]*>([\s\S]*?)<\/section>/.exec(dutch)?.[1] ?? '';
    expect(closed).toContain('Inschrijving gesloten');
    const date = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(starts));
    expect(closed).toContain(`Dit webinar vond plaats op ${date}. De inschrijving is gesloten.`);
    const english = await html(`/gb/en/form/${WEBINAR}/`);
    expect(english).toContain('Registration closed');
    expect(english).not.toContain('class="lead-form"');
    // A form without a webinar date is open all the same.
    expect(await html('/gb/en/form/demo/')).toContain('class="lead-form"');
  });
});
