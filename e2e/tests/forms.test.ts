import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { plainText, uiMessages } from '../support/text.ts';

/** Issue 15: the marketing-forms variant under /{cc}/{lang}/form/*. */
const KINDS: Array<{ path: string; name: string; first: string; second: string; language: string }> = [
  { path: 'demo', name: 'demo-request', first: '/us/en', second: '/de/de', language: 'de' },
  { path: 'enterprise', name: 'enterprise-inquiry', first: '/gb/en', second: '/fr/fr', language: 'fr' },
  { path: 'government', name: 'government-inquiry', first: '/us/en', second: '/es/es', language: 'es' },
  { path: 'trade-show/rsna-2026', name: 'trade-show-rsna-2026', first: '/us/en', second: '/it/it', language: 'it' },
  { path: 'webinar/lung-ultrasound-basics', name: 'webinar-lung-ultrasound-basics', first: '/gb/en', second: '/nl/nl', language: 'nl' },
  { path: 'vet-webinar/small-animal-abdomen', name: 'vet-webinar-small-animal-abdomen', first: '/us/en', second: '/dk/da', language: 'da' },
  { path: 'playbooks/point-of-care-programme', name: 'playbook-point-of-care-programme', first: '/us/en', second: '/pl/pl', language: 'pl' },
  { path: 'whitepapers/ultrasound-in-primary-care', name: 'whitepaper-ultrasound-in-primary-care', first: '/us/en', second: '/pt/pt', language: 'pt' },
  { path: 'case-studies/rural-emergency-department', name: 'case-study-rural-emergency-department', first: '/us/en', second: '/se/sv', language: 'sv' },
  { path: 'holiday-deals', name: 'holiday-deals', first: '/us/en', second: '/fi/fi', language: 'fi' },
  { path: 'do-not-sell', name: 'do-not-sell', first: '/us/en', second: '/no/no', language: 'no' },
  { path: 'sdk', name: 'sdk-inquiry', first: '/us/en', second: '/ae/ar', language: 'ar' },
  { path: 'team', name: 'team-plan-inquiry', first: '/us/en', second: '/tr/tr', language: 'tr' },
];
const POSTAL: Record<string, string> = { tr: '34000', us: '10001', gb: 'SW1A 1AA', de: '10115', fr: '75001', es: '28001', it: '00118', nl: '1011 AB', dk: '1050', pl: '00-001', pt: '1000-001', se: '111 22', fi: '00100', no: '0150', ae: '' };

/** Fills every required field the way a person would (the form is what the database says it is). */
async function fillRequired(target: Page | Frame, tag: string, country: string): Promise<void> {
  for (const control of await target.locator('.lead-form [aria-required="true"]').all()) {
    const name = (await control.getAttribute('name'))!;
    const tagName = await control.evaluate((el) => el.tagName);
    if (tagName === 'SELECT') {
      if (name === 'COUNTRY') continue; // the route's country is chosen already
      const value = await control.locator('option').nth(1).getAttribute('value');
      await control.selectOption(value!);
    } else if (name === 'EMAIL') await control.fill(`${tag}@example.com`);
    else if (name === 'POSTAL_CODE') await control.fill(POSTAL[country]!);
    else await control.fill(name === 'COMMENT' ? 'We would like to talk about it.' : `Test ${name.toLowerCase()}`);
  }
}

async function crmSink(): Promise<string> {
  return (await fetch(`${inject('baseUrl')}/dev/crm/`)).text();
}

describe('marketing forms', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('"Talk to our team" on pricing leads to the team form (it was a 404), readable at 390 and 1440 px', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/us/en/pricing/');
    await hydrated(page);
    await page.locator('a[href="/us/en/form/team/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/us/en/form/team/');
    await page.locator('.lead-form').waitFor();
    expect(plainText(await page.locator('h1').textContent())).toBe('Talk to our team about a team plan');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'forms-team-1440-en');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'forms-team-390-en');
    await context.close();
  });

  it('every page kind renders in two languages (axe clean), submits, and its lead reaches the CRM sink once', async () => {
    const { context, page, problems } = await openPage(browser);
    for (const kind of KINDS) {
      const english = uiMessages('en');
      const answer = await page.goto(`${kind.first}/form/${kind.path}/`);
      expect(answer!.status(), kind.path).toBe(200);
      await hydrated(page);
      const firstTitle = plainText(await page.locator('h1').textContent());
      expect(plainText(await page.locator('label[for="lead-EMAIL"]').textContent())).toBe(`${english['forms.field.EMAIL']} *`);
      expect(await seriousViolations(page), kind.path).toEqual([]);

      const own = uiMessages(kind.language);
      await page.goto(`${kind.second}/form/${kind.path}/`);
      await hydrated(page);
      const started = Date.now();
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${kind.language === 'no' ? 'nb|no' : kind.language}`));
      expect(plainText(await page.locator('h1').textContent()), kind.path).not.toBe(firstTitle);
      expect(plainText(await page.locator('label[for="lead-EMAIL"]').textContent())).toBe(`${own['forms.field.EMAIL']} *`);
      if (kind.path === 'webinar/lung-ultrasound-basics') await screenshot(page, 'forms-webinar-desktop-nl');
      await fillRequired(page, kind.name, kind.second.slice(1, 3));
      await page.waitForTimeout(Math.max(0, 400 - (Date.now() - started))); // a person takes longer than the server's minimum
      await page.locator('.lead-form__submit').click();
      await page.getByTestId('forms-done').waitFor();
      expect(plainText(await page.locator('#forms-done-heading').textContent())).toBe(own['forms.done.title']);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('forms-done-heading');
    }
    expect(problems.errors).toEqual([]);
    await context.close();
    // Delivered through the outbox by the job runner: each form's lead once.
    let sink = '';
    for (let i = 0; i < 40 && !KINDS.every((k) => sink.includes(`<td>${k.name}</td>`)); i++) {
      await new Promise((r) => setTimeout(r, 250));
      sink = await crmSink();
    }
    for (const kind of KINDS) expect(sink.split(`<td>${kind.name}</td>`).length - 1, kind.name).toBe(1);
  });

  it('DE at 390 px: a refused submission says what is wrong at each field in German, keeps what was typed and focuses the first error; an unknown form is a 404', async () => {
    const de = uiMessages('de');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await page.goto('/de/de/form/demo/');
    await hydrated(page);
    await page.locator('#lead-FIRST_NAME').fill('Grete');
    await page.locator('#lead-EMAIL').fill('grete@');
    await page.locator('#lead-PHONE').fill('030 1234567');
    await page.locator('#lead-PHONE').blur();
    await page.waitForFunction(() => (document.querySelector('#lead-PHONE') as HTMLInputElement).value.startsWith('+49'));
    await page.locator('.lead-form__submit').click();
    await page.locator('#lead-EMAIL-error').waitFor();
    expect(plainText(await page.locator('#lead-EMAIL-error').textContent())).toBe(de['errors.emailInvalid']);
    expect(plainText(await page.locator('#lead-LAST_NAME-error').textContent())).toBe(de['errors.required']);
    expect(await page.locator('#lead-FIRST_NAME').inputValue()).toBe('Grete');
    expect(await page.locator('#lead-PHONE').inputValue()).toBe('+49 30 1234567');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-LAST_NAME');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'forms-demo-errors-phone-de');
    const missing = await page.goto('/de/de/form/no-such-form/');
    expect(missing!.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    expect(problems.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('embedded in an allowed parent on a second loopback origin: "provider loaded", its height (the parent fits the frame to it), the parent\'s prefill, then form-submitted with the form name and the new height', async () => {
    const base = inject('baseUrl');
    const parent = `http://parent.localhost:${inject('formsParentPort')}`;
    const { context, page } = await openPage(browser);
    await page.goto(`${parent}/?src=${encodeURIComponent(`${base}/us/en/form/demo/`)}`);
    await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
    const frame = page.frame({ url: /\/form\/demo\/$/ })!;
    const started = Date.now();
    type Received = Array<{ origin: string; data: { type: string; height?: number; formName?: string } }>;
    const received = () => page.evaluate(() => (window as unknown as { received: Received }).received);
    const besidesHeight = async () => (await received()).filter((m) => m.data.type !== 'probe-forms:height');
    expect(await besidesHeight()).toEqual([{ origin: base, data: { type: 'probe-forms:provider-loaded' } }]);
    // The form's height: posted to this parent (whole CSS pixels), which fits its frame to it (1600 px before).
    const heights = async () => (await received()).filter((m) => m.data.type === 'probe-forms:height').map((m) => { expect(m.origin).toBe(base); return m.data.height!; });
    await page.waitForFunction(() => (window as unknown as { received: Received }).received.some((m) => m.data.type === 'probe-forms:height'));
    const formHeight = (await heights()).at(-1)!;
    expect(Number.isInteger(formHeight) && formHeight > 400 && formHeight < 1600).toBe(true);
    const fitted = async () => ({
      frame: await page.locator('#form').evaluate((el) => el.getBoundingClientRect().height),
      content: await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
      innerScroll: await frame.evaluate(() => document.documentElement.scrollHeight > document.documentElement.clientHeight),
    });
    await expect.poll(fitted).toEqual({ frame: formHeight, content: formHeight, innerScroll: false });
    await page.evaluate(() => (document.getElementById('form') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'probe-forms:prefill', values: { FIRST_NAME: 'Grace', EMAIL: 'grace@example.com' } }, '*'));
    await frame.waitForFunction(() => (document.querySelector('#lead-FIRST_NAME') as HTMLInputElement).value === 'Grace');
    await fillRequired(frame, 'embedded-demo', 'us');
    await page.waitForTimeout(Math.max(0, 400 - (Date.now() - started)));
    await frame.locator('.lead-form__submit').click();
    await expect.poll(async () => (await besidesHeight()).slice(1)).toEqual([{ origin: base, data: { type: 'probe-forms:form-submitted', formName: 'demo-request' } }]);
    // The thank-you panel is shorter than the form: the frame shrinks with it, no gap and no inner scroll bar.
    await expect.poll(async () => (await heights()).at(-1)).toBeLessThan(formHeight - 200);
    const thanked = (await heights()).at(-1)!;
    await expect.poll(fitted).toEqual({ frame: thanked, content: thanked, innerScroll: false });
    await screenshot(page, 'forms-embedded-desktop');
    await context.close();
  });

  it('a look-alike parent origin: the frame is refused (frame-ancestors), and even with that policy stripped the page tells it nothing and ignores its messages', async () => {
    const base = inject('baseUrl');
    const lookAlike = `http://evilparent.localhost:${inject('formsParentPort')}/?src=${encodeURIComponent(`${base}/us/en/form/demo/`)}`;
    const blocked = await openPage(browser);
    await blocked.page.goto(lookAlike);
    await blocked.page.waitForTimeout(1000);
    expect(await blocked.page.frame({ url: /\/form\/demo\/$/ })?.locator('.lead-form').count() ?? 0).toBe(0);
    expect(await blocked.page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
    await blocked.context.close();

    // The JavaScript check alone: the form's answer loses its frame-ancestors policy on the way to this browser.
    const { context, page } = await openPage(browser);
    await context.route(`${base}/us/en/form/demo/`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto(lookAlike);
    const frame = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = page.frame({ url: /\/form\/demo\/$/ });
        if (found) return found;
        await page.waitForTimeout(50);
      }
      throw new Error('the form frame did not load');
    })();
    await frame.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate(() => (document.getElementById('form') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'probe-forms:prefill', values: { FIRST_NAME: 'Mallory' } }, '*'));
    await page.waitForTimeout(500);
    expect(await frame.locator('#lead-FIRST_NAME').inputValue()).toBe('');
    expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
    await context.close();
  });
  it('a webinar after its date (a server of its own, the webinar moved into the past): "registration closed" with the date, in Dutch at 390 px and English at 1440 px, no form; axe clean', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'probe-webinar-'));
    cpSync(process.env.E2E_DATA_TEMPLATE!, dataDir, { recursive: true });
    const db = await openDatabase({ dataDir });
    await db.db.update(schema.leadForms).set({ eventStartsAt: new Date('2026-01-14T16:00:00Z') }).where(eq(schema.leadForms.path, 'webinar/lung-ultrasound-basics'));
    await db.close();
    const server = await startServer({}, dataDir);
    try {
      for (const [route, language, viewport] of [['/nl/nl', 'nl', VIEWPORTS.phone], ['/gb/en', 'en', VIEWPORTS.desktop]] as const) {
        const own = uiMessages(language);
        const { context, page, problems } = await openPage(browser, { viewport });
        await page.goto(`${server.url}${route}/form/webinar/lung-ultrasound-basics/`);
        await hydrated(page);
        const closed = page.getByTestId('forms-closed');
        expect(plainText(await closed.locator('h2').textContent())).toBe(own['forms.closed.title']);
        expect(plainText(await closed.locator('p').textContent())).toContain(language === 'nl' ? '14 januari 2026' : '14 January 2026');
        expect(await page.locator('.lead-form').count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `forms-webinar-closed-${viewport.width}-${language}`);
        expect(problems.errors).toEqual([]);
        await context.close();
      }
    } finally {
      await server.stop();
    }
  });
});
