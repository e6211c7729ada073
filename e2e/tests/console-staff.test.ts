import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../apps/admin/src/i18n/messages/en.json';
import staffEn from '../../apps/server/src/modules/staff/i18n/messages/en.json';
import { launchBrowser, openPage, screenshot, seriousViolations, VIEWPORTS } from '../support/browser.ts';
import { mailTo } from '../support/mail.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { plainText } from '../support/text.ts';

const TABLET = { width: 768, height: 1024 };
const LAKESIDE = '5e0c2b9a-3f4d-4c1e-8b6a-000000000002';
const PASSWORD = 'violet kettle orbit 1987 marsh';
const DELIVERED_LEAD = '0b6f6a58-7d1e-4c8e-9d35-000000000001';
const FAILED_LEAD = '0b6f6a58-7d1e-4c8e-9d35-000000000002';

/** Signs in at the built-in provider's form (the console's sign-in), from `path`, and waits for the console to name the user. */
async function signInToConsole(page: Page, path: string, email: string, password = 'demo-password-1'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/oidc\/(staff\/)?interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form[action$="/login"] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== '/admin/callback');
}

/** The state of the console's pages after an action: no loading line left. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.locator('main [role="status"]', { hasText: en['common.loading'] }).waitFor({ state: 'detached' });
}

async function checkPage(page: Page, name: string): Promise<void> {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, name);
}

/**
 * Issue 35: staff managed from the console (invited by e-mail to a role, signed in with that role's view,
 * deactivated and then refused), and a past-due subscription retried and cancelled. Its own server, whose
 * database is a copy of the run's template with Lakeside Clinic's renewal made past due on a card that
 * declines: staff and subscriptions change here for good.
 */
describe('console: staff and subscriptions', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-e2e-staff-'));
    cpSync(process.env.E2E_DATA_TEMPLATE!, dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    const due = new Date(Date.now() - 9 * 86_400_000);
    await database.db.update(schema.subscriptions).set({ status: 'PAST_DUE', renewalFailures: 4, periodEnd: due, periodStart: new Date(due.getTime() - 365 * 86_400_000) })
      .where(eq(schema.subscriptions.organizationId, LAKESIDE));
    await database.db.update(schema.savedPaymentMethods).set({ paymentToken: 'pm_test_card_0341_lakeside' }).where(eq(schema.savedPaymentMethods.organizationId, LAKESIDE));
    // Two leads of the demo form: one the CRM took, one whose delivery was given up after its last attempt.
    const [form] = await database.db.select().from(schema.leadForms).where(eq(schema.leadForms.path, 'demo'));
    const lead = (email: string, first: string) => ({ formId: form!.id, status: 'received', values: { FIRST_NAME: first, LAST_NAME: 'Lead', EMAIL: email, ORGANIZATION_NAME: 'Harbour Hospital' }, email, languageCode: 'en', countryCode: 'US' });
    await database.db.insert(schema.leads).values([
      { id: DELIVERED_LEAD, ...lead('taken@example.com', 'Tara'), deliveredAt: new Date() },
      { id: FAILED_LEAD, ...lead('given-up@example.com', 'Gil') },
    ]);
    await database.db.insert(schema.outbox).values({ topic: 'lead.deliver', payload: { leadId: FAILED_LEAD }, attempts: 8, lastError: 'CRM answered 503', deadAt: new Date(), processedAt: null });
    await database.close();
    server = await startServer({}, dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an owner invites a catalogue manager by e-mail; they accept, sign in on the staff sign-in, see their role\'s console; deactivated, they are refused', { timeout: 180_000 }, async () => {
    const email = `cm-${Date.now()}@example.com`;
    const { context: ownerContext, page: owner } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    owner.on('dialog', (dialog) => void dialog.accept());
    await signInToConsole(owner, '/admin/staff', 'operator@demo.probe.store');
    // The console's sign-in is the staff's: its own title and no way to create an account (checked on the next sign-in below).
    await owner.getByRole('heading', { name: en['staff.title'], level: 1 }).waitFor();
    await owner.getByLabel(en['staff.invite.email']).fill(email);
    await owner.getByRole('combobox', { name: en['staff.column.role'], exact: true }).selectOption('CATALOGUE_MANAGER');
    await owner.getByRole('button', { name: en['staff.invite.button'] }).click();
    await owner.getByRole('status').filter({ hasText: `Invitation sent to ${email} as Catalogue manager.` }).waitFor();
    await owner.getByTestId('staff-invitations').getByRole('cell', { name: email, exact: true }).waitFor();
    await checkPage(owner, 'console-staff-desktop');

    // The invitee's own browser: the e-mailed link, a password, then the console's sign-in.
    const mail = await mailTo(server.url, email, /staff-invitation\?token=/);
    const link = /https?:\/\/\S+\/oidc\/account\/staff-invitation\?token=[A-Za-z0-9_-]{43}&lang=en/.exec(mail)![0];
    const { context: staffContext, page: staff } = await openPage(browser, { viewport: TABLET, baseURL: server.url });
    await staff.goto(link);
    await staff.getByRole('heading', { name: staffEn.pageTitle }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);
    await screenshot(staff, 'console-staff-invitation-tablet');
    await staff.locator('input[name=password]').fill(PASSWORD);
    await staff.getByRole('button', { name: staffEn.pageSubmit }).click();
    await staff.getByRole('heading', { name: staffEn.doneTitle }).waitFor();
    await staff.getByRole('link', { name: staffEn.openConsole }).click();
    await staff.waitForURL(/\/oidc\/(staff\/)?interaction\//);
    await staff.getByRole('heading', { name: staffEn.signInTitle }).waitFor();
    expect(await staff.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(await seriousViolations(staff)).toEqual([]);
    await screenshot(staff, 'console-staff-sign-in-tablet');
    await staff.locator('input[name=email]').fill(email);
    await staff.locator('input[name=password]').fill(PASSWORD);
    await staff.locator('form[action$="/login"] button[type=submit]').click();
    await staff.getByTestId('console-user').filter({ hasText: email }).waitFor();
    expect(plainText(await staff.locator('.console-who .role').textContent())).toBe('catalogue manager');
    // A buyer signs in to the store in the same browser: the store asks for its own sign-in (the console's
    // session is not the store's), and the console stays signed in as the member of staff.
    await staff.goto('/us/en/account/');
    await staff.waitForURL(/\/oidc\/interaction\//);
    await staff.locator('input[name=email]').fill('individual@demo.probe.store');
    await staff.locator('input[name=password]').fill('demo-password-1');
    await staff.locator('form[action$="/login"] button[type=submit]').click();
    await staff.waitForURL((url) => url.pathname === '/us/en/account/');
    await staff.goto('/admin/');
    await staff.getByTestId('console-user').filter({ hasText: email }).waitFor();
    // Their role's console: no Staff section, and the staff page (typed in) says it is for owners.
    const nav = staff.getByRole('navigation', { name: en['layout.sections'] });
    await nav.getByRole('link', { name: en['nav.products'] }).waitFor();
    expect(await nav.getByRole('link', { name: en['nav.staff'] }).count()).toBe(0);
    await staff.goto('/admin/staff');
    await staff.getByText(en['staff.ownersOnly']).waitFor();
    // A subscription reads, without the actions a catalogue manager may not use.
    await staff.goto('/admin/subscriptions/past-due');
    await staff.getByTestId('subscriptions').getByRole('link', { name: 'Lakeside Clinic' }).click();
    await staff.getByText(en['subscription.readOnly']).waitFor();
    expect(await staff.getByRole('button', { name: en['subscription.retry.button'] }).count()).toBe(0);

    // The owner (the list read again) changes the role, then deactivates: the member of staff is signed out and refused.
    await owner.reload();
    await settled(owner);
    const row = owner.getByTestId('staff-members').getByRole('row').filter({ hasText: email });
    await row.getByRole('combobox').selectOption('SUPPORT');
    await row.getByRole('button', { name: new RegExp(`^${en['staff.role.button']}`) }).click();
    await owner.getByRole('status').filter({ hasText: `${email} now has the role Support.` }).waitFor();
    // The last owner is kept.
    const self = owner.getByTestId('staff-members').getByRole('row').filter({ hasText: 'operator@demo.probe.store' });
    await self.getByRole('button', { name: new RegExp(`^${en['staff.deactivate.button']}`) }).click();
    await owner.getByRole('alert').filter({ hasText: en['staff.error.lastOwner'] }).waitFor();
    await row.getByRole('button', { name: new RegExp(`^${en['staff.deactivate.button']}`) }).click();
    await owner.getByRole('status').filter({ hasText: `${email} is deactivated: signed out, and refused by the console.` }).waitFor();
    // The list is read again after the answer: the row goes once it is (the status can come first).
    await expect.poll(() => owner.getByTestId('staff-members').getByRole('row').filter({ hasText: email }).count()).toBe(0);

    await staff.goto('/admin/');
    // Their session ended: the console sends them to sign in again, and then refuses them.
    await staff.waitForURL(/\/oidc\/(staff\/)?interaction\/|\/admin\//);
    if (/interaction/.test(staff.url())) {
      await staff.locator('input[name=email]').fill(email);
      await staff.locator('input[name=password]').fill(PASSWORD);
      await staff.locator('form[action$="/login"] button[type=submit]').click();
    }
    await staff.getByTestId('console-not-staff').waitFor();
    await staffContext.close();
    await ownerContext.close();
  });

  it('the dunning view lists the past-due subscription; an order manager retries it (declined again) and cancels it now; each outcome said once, axe-clean at 1440 and 768 px', { timeout: 120_000 }, async () => {
    for (const viewport of [VIEWPORTS.desktop, TABLET]) {
      const { context, page } = await openPage(browser, { viewport, baseURL: server.url });
      await signInToConsole(page, '/admin/subscriptions', 'operator@demo.probe.store');
      await checkPage(page, `console-subscriptions-${viewport.width}`);
      await page.getByRole('link', { name: en['subscriptions.tab.dunning'] }).click();
      await checkPage(page, `console-subscriptions-past-due-${viewport.width}`);
      await context.close();
    }

    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signInToConsole(page, '/admin/subscriptions/past-due', 'operator@demo.probe.store');
    const pastDue = page.getByTestId('subscriptions');
    await pastDue.getByRole('row').filter({ hasText: 'Lakeside Clinic' }).getByText(en['subscriptionWords.status.pastDue']).waitFor();
    await pastDue.getByRole('link', { name: 'Lakeside Clinic' }).click();
    await page.getByRole('heading', { name: 'Subscription of Lakeside Clinic' }).waitFor();
    await checkPage(page, 'console-subscription-past-due-desktop');

    await page.getByRole('button', { name: en['subscription.retry.button'] }).click();
    await page.getByRole('status').filter({ hasText: en['subscription.retry.declined'] }).waitFor();
    expect(dialogs.at(-1)).toMatch(/^Charge US\$4,600\.00 to the saved payment method of Lakeside Clinic now\?$/);
    await page.getByTestId('subscription-charges').getByRole('row').filter({ hasText: en['subscriptionWords.charge.failed'] }).filter({ hasText: 'attempt 5' }).waitFor();

    await page.getByLabel(en['subscription.cancelNow.refund']).check();
    await page.getByRole('button', { name: en['subscription.cancelNow.button'] }).click();
    // Nothing was paid for the period past due (its renewal never went through): nothing to refund.
    await page.getByRole('status').filter({ hasText: en['subscription.cancelNow.done'] }).waitFor();
    expect(dialogs.at(-1)).toBe('End the subscription of Lakeside Clinic now and refund the unused part of its period?');
    await page.locator('.states').getByText(en['subscriptionWords.status.canceled']).waitFor();
    await page.getByTestId('subscription-events').getByText(en['subscriptionWords.event.staffCancelNow']).waitFor();
    expect(await page.locator('main [role="status"], main [role="alert"]').count()).toBe(1);
    await checkPage(page, 'console-subscription-cancelled-desktop');

    // The audit log has both.
    await page.goto('/admin/audit');
    await settled(page);
    await page.getByRole('cell', { name: en['audit.action.subscription.cancel_now'], exact: true }).first().waitFor();
    await page.getByRole('cell', { name: en['audit.action.subscription.retry_renewal'], exact: true }).first().waitFor();
    await context.close();
  });

  it('leads: the list shows each lead\'s CRM delivery in words; a given-up one is sent again, confirmed once; axe-clean at 1440 and 768 px', async () => {
    for (const viewport of [VIEWPORTS.desktop, TABLET]) {
      const { context, page } = await openPage(browser, { viewport, baseURL: server.url });
      await signInToConsole(page, '/admin/leads', 'operator@demo.probe.store');
      await page.getByRole('heading', { name: en['leads.title'], level: 1 }).waitFor();
      await page.getByTestId('leads').getByRole('row').filter({ hasText: 'given-up@example.com' }).getByText(en['leads.delivery.failed']).waitFor();
      await checkPage(page, `console-leads-${viewport.width}`);
      await context.close();
    }
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop, baseURL: server.url });
    page.on('dialog', (dialog) => void dialog.accept());
    await signInToConsole(page, '/admin/leads?delivery=FAILED', 'operator@demo.probe.store');
    const row = page.getByTestId('leads').getByRole('row').filter({ hasText: 'given-up@example.com' });
    await row.getByRole('button', { name: /^Send again/ }).click();
    await page.getByRole('status').filter({ hasText: en['leads.redeliver.done'].replace('{who}', 'given-up@example.com') }).waitFor();
    // Sent again: off the given-up list (waiting for its job, or already delivered by it).
    await page.getByText(en['leads.empty']).waitFor();
    // The job runs in the server's own time: the list is read again until it shows the delivery (one read
    // showed "waiting" for good when the page loaded before the job had run).
    await expect.poll(async () => {
      await page.goto('/admin/leads');
      const state = page.getByTestId('leads').getByRole('row').filter({ hasText: 'given-up@example.com' }).locator('.state');
      await state.waitFor();
      return plainText(await state.textContent());
    }, { timeout: 30_000, interval: 1000 }).toBe(en['leads.delivery.delivered']);
    await context.close();
  });
});
