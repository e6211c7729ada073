import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, signInAtProvider } from '../support/account.ts';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { addFromProductPage } from '../support/buyer.ts';
import { plainText, uiMessages } from '../support/text.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ffbf1e000502027f7c5d8b0e0000000049454e44ae426082', 'hex');

/** Signs a demo user in at the built-in provider, from a store page that needs it. */
async function signIn(page: Page, path: string, email: string): Promise<void> {
  await signInAtProvider(page, path, email);
  await page.waitForURL((url) => url.pathname === path);
  await hydrated(page);
}

/** The operator's decision, in the console's learner queue. */
async function decide(operator: Page, email: string, approve: boolean, note?: string): Promise<void> {
  await operator.goto('/admin/learners');
  const request = operator.getByRole('article', { name: `Request of ${email}` });
  if (note) await request.getByLabel(/^Reason, if rejected/).fill(note);
  await request.getByRole('button', { name: approve ? 'Approve' : 'Reject' }).click();
  await request.waitFor({ state: 'detached' });
}

/** Issue 14: learner status verification — a proof sent, refused for what it is, reviewed, and the student price. */
describe('learner status verification', () => {
  let browser: Browser;
  let operatorContext: BrowserContext;
  let operator: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context: operatorContext, page: operator } = await openPage(browser));
    await signInAtProvider(operator, '/admin/learners', 'operator@demo.probe.store');
    await operator.getByRole('heading', { name: 'Learner verification' }).waitFor();
  });
  afterAll(async () => {
    await operatorContext?.close();
    await browser?.close();
  });

  it('GB / en: a student sends a proof (a file that is not one is refused at the field, what was typed stays), is approved, and the cart shows the student price', async () => {
    const en = uiMessages('en');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    await signIn(page, '/gb/en/learner-verification/', 'student@demo.probe.store');
    await page.getByRole('heading', { level: 1, name: en['learner.title'] }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing chosen, nothing typed: each field says what it needs.
    await page.getByRole('button', { name: en['learner.form.send'] }).click();
    await page.getByText(en['learner.error.proofRequired']!).waitFor();
    expect(await page.getByLabel(en['learner.form.institution']!).getAttribute('aria-invalid')).toBe('true');

    // A text file named like a PDF is refused by the server, by its content; the typed school stays.
    await page.getByLabel(en['learner.form.institution']!).fill('University of Leeds');
    await page.getByLabel(en['learner.form.traineeType']!).selectOption('RESIDENT');
    await page.getByTestId('learner-proof').setInputFiles({ name: 'enrollment.pdf', mimeType: 'application/pdf', buffer: Buffer.from('trust me, I am enrolled') });
    await page.getByRole('button', { name: en['learner.form.send'] }).click();
    await page.getByText(en['errors.badProofOfEnrollment']!).waitFor();
    expect(await page.getByLabel(en['learner.form.institution']!).inputValue()).toBe('University of Leeds');
    expect(await page.getByLabel(en['learner.form.traineeType']!).inputValue()).toBe('RESIDENT');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'learner-refused-phone-en');

    await page.getByTestId('learner-proof').setInputFiles({ name: 'enrollment letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: en['learner.form.send'] }).click();
    const status = page.getByTestId('learner-status');
    await status.getByRole('heading', { name: en['learner.status.PENDING'] }).waitFor();
    expect(plainText(await status.textContent())).toContain('University of Leeds');
    expect(plainText(await status.textContent())).toContain(en['learner.traineeType.RESIDENT']);
    expect(await page.getByTestId('learner-proof').count()).toBe(0);
    // The learner can download what they sent.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en['learner.openProof']!.replace('{name}', 'enrollment letter.pdf') }).click();
    expect((await download).suggestedFilename()).toBe('enrollment letter.pdf');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'learner-pending-phone-en');

    await decide(operator, 'student@demo.probe.store', true);
    await page.reload();
    await status.getByRole('heading', { name: en['learner.status.APPROVED'] }).waitFor();
    // The date a year from now, in the route's locale (en-GB: day month year).
    const until = new Date(Date.now() + 365 * 86_400_000).toLocaleDateString('en-GB', { dateStyle: 'long' });
    expect(plainText(await status.textContent())).toContain(en['learner.approved']!.replace('{date}', until));

    await addFromProductPage(page, '/gb/en', 'iq3');
    const discount = page.locator('.totals__discount').first();
    await discount.waitFor();
    expect(plainText(await discount.locator('dt').textContent())).toBe(en['cart.studentPrice']);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('DE / de: a veterinary trainee\'s photo is refused with the reviewer\'s reason, and the form is offered again', async () => {
    const de = uiMessages('de');
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, '/de/de/vet/learner-verification/', 'vet@demo.probe.store');
    await page.getByRole('heading', { level: 1, name: de['learner.titleVet'] }).waitFor();
    await page.getByLabel(de['learner.form.institution']!).fill('Tierärztliche Hochschule Hannover');
    await page.getByTestId('learner-proof').setInputFiles({ name: 'ausweis.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: de['learner.form.send'] }).click();
    const status = page.getByTestId('learner-status');
    await status.getByRole('heading', { name: de['learner.status.PENDING'] }).waitFor();

    await decide(operator, 'vet@demo.probe.store', false, 'Der Ausweis ist abgelaufen.');
    await page.reload();
    await status.getByRole('heading', { name: de['learner.status.REJECTED'] }).waitFor();
    expect(plainText(await status.locator('blockquote').textContent())).toBe('Der Ausweis ist abgelaufen.');
    await page.getByRole('button', { name: de['learner.form.send'] }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'learner-rejected-desktop-de');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
