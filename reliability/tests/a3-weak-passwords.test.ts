import { schema } from '@probe/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../apps/server/src/identity/i18n.ts';
import { esc } from '../../apps/server/src/identity/pages/html.ts';
import type { TestApp } from '../../apps/server/test/harness.ts';
import { Browser, lastLinkTo, mails, openSignIn, startIdentityApp } from '../../apps/server/test/identity-support.ts';
import { recordScenario } from '../support/report.ts';

const EMAIL = 'anna.kowalska@example.com';
const NAME = 'Anna Kowalska';
/** What an attacker tries first, and what people choose when nothing stops them. */
const WEAK: Array<[password: string, reason: MessageKey]> = [
  ['1234567890', 'errorPasswordCommon'],
  ['password1', 'errorPasswordShort'],
  [EMAIL, 'errorPasswordPersonal'],
  ['anna.kowalska2024', 'errorPasswordPersonal'],
];
const STRONG = 'violet tugboat harvests nine comets';

/**
 * A3: weak passwords. Sign-up with `1234567890`, `password1`, the e-mail itself and `anna.kowalska2024` for
 * anna.kowalska@…: each refused with its reason in the page's language (Polish and English here; every
 * language has the messages, apps/storefront/test/message-catalogues.test.ts), no account and no e-mail
 * made; a passphrase is taken. The reset link refuses the same.
 */
describe('A3 weak passwords (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
  });
  afterAll(() => t?.close());

  const accounts = async (email: string) =>
    (await t.database.db.select({ id: schema.identityUsers.id }).from(schema.identityUsers).where(sql`lower(${schema.identityUsers.email}) = ${email}`)).length;

  it('refuses the most common passwords and ones built on the e-mail, saying why; takes a passphrase', async () => {
    let refused = 0;
    let tries = 0;
    const reasons = new Set<string>();
    for (const lang of ['pl', 'en'] as const) {
      const browser = new Browser(t, '198.51.100.60');
      const { signInPath } = await openSignIn(browser, { ui_locales: lang });
      for (const [password, reason] of WEAK) {
        tries++;
        const res = await browser.post(`${signInPath}/signup`, { name: NAME, email: EMAIL, password });
        expect(res.statusCode, `${lang} ${password}`).toBe(400);
        const message = translate(lang, reason, { min: 10 });
        expect(res.body, `${lang} ${password}`).toContain(esc(message));
        expect(res.body).not.toMatch(/id="f-password"[^>]*value=/);
        refused++;
        reasons.add(reason);
      }
    }
    expect(await accounts(EMAIL)).toBe(0);
    expect(await mails(t)).toHaveLength(0);

    const browser = new Browser(t, '198.51.100.61');
    const { signInPath } = await openSignIn(browser, { ui_locales: 'pl' });
    const ok = await browser.post(`${signInPath}/signup`, { name: NAME, email: EMAIL, password: STRONG });
    expect(ok.statusCode).toBe(200);
    expect(await accounts(EMAIL)).toBe(1);

    // The reset link refuses the same passwords (the account's e-mail and name known from the link).
    await browser.post(`${signInPath}/forgot`, { email: EMAIL });
    const link = await lastLinkTo(t, EMAIL);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    let resetRefused = 0;
    for (const [password] of WEAK) {
      const res = await browser.post('/oidc/account/reset', { token, lang: 'pl', password });
      expect(res.statusCode, password).toBe(400);
      resetRefused++;
    }
    expect((await browser.post('/oidc/account/reset', { token, lang: 'pl', password: 'a different quiet harbour lamp' })).statusCode).toBe(200);

    recordScenario({
      id: 'A3', done: `sign-up of ${EMAIL} with ${WEAK.map(([p]) => `\`${p}\``).join(', ')} in Polish and English, then a passphrase; the same 4 at the reset link`,
      figure: `${refused}/${tries} weak sign-ups refused with the reason in the page's language (${[...reasons].length} reasons: common, too short, built on the e-mail), 0 accounts and 0 e-mails made; ${resetRefused}/4 refused at reset; passphrase accepted`,
      pass: true,
    });
  });
});
