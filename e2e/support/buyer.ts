import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated } from './browser.ts';

export interface Journey {
  /** The route's base path, e.g. /us/en */
  base: string;
  product: string;
  method: string;
  address: Record<string, string>;
  voucher?: string;
  vatNumber?: string;
  card?: string;
  /** What the buyer does on the test gateway's page (asynchronous methods). */
  gatewayAnswer?: 'Authorize payment' | 'Authorize, then fail settlement' | 'Cancel and go back';
}

export const ADDRESSES: Record<string, Record<string, string>> = {
  us: { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', countryArea: 'CA' },
  de: { firstName: 'Hanna', lastName: 'Schmidt', streetAddress1: 'Friedrichstraße 10', city: 'Berlin', postalCode: '10117' },
  nl: { firstName: 'Eva', lastName: 'de Vries', streetAddress1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG' },
  be: { firstName: 'Lucas', lastName: 'Peeters', streetAddress1: 'Rue Neuve 1', city: 'Bruxelles', postalCode: '1000' },
  at: { firstName: 'Anna', lastName: 'Gruber', streetAddress1: 'Graben 1', city: 'Wien', postalCode: '1010' },
  pl: { firstName: 'Zofia', lastName: 'Nowak', streetAddress1: 'ul. Marszałkowska 1', city: 'Warszawa', postalCode: '00-624' },
  ca: { firstName: 'Liam', lastName: 'Tremblay', streetAddress1: '111 Wellington St', city: 'Ottawa', postalCode: 'K1A 0A9', countryArea: 'ON' },
};

/** Puts a product in the cart from its page and opens the cart. */
export async function addFromProductPage(page: Page, base: string, product: string): Promise<void> {
  await page.goto(`${base}/product/${product}/`);
  await hydrated(page);
  await page.locator('.add-to-cart button').click();
  await page.locator('.add-to-cart__status a[href$="/cart/"]').click();
  await page.waitForSelector('.cart-line');
}

async function fillAddress(page: Page, prefix: string, address: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(address)) {
    const target = page.locator(`[name="${prefix}.${field}"]`);
    if (field === 'countryArea') await target.selectOption(value);
    else await target.fill(value);
  }
}

/** From the cart to the payment step, filling each step by its fields' names (any language). */
export async function checkoutToPayment(page: Page, journey: Journey): Promise<void> {
  if (journey.voucher) {
    await page.locator('#voucher-code').fill(journey.voucher);
    await page.locator('.voucher-form button[type=submit]').click();
    await expect.poll(() => page.locator('.voucher-form__applied').count()).toBe(1);
  }
  await page.locator('.checkout-aside a.button').click();
  await page.waitForURL(/\/checkout\/contact\/$/);
  await page.locator('[name=email]').fill('buyer@example.com');
  await page.locator('.checkout-main button[type=submit]').click();
  await page.waitForURL(/\/checkout\/(shipping|billing)\/$/);
  if (page.url().endsWith('/shipping/')) {
    await fillAddress(page, 'shippingAddress', journey.address);
    await page.locator('.checkout-main button[type=submit]').click();
    await page.waitForURL(/\/checkout\/billing\/$/);
  } else {
    await fillAddress(page, 'billingAddress', journey.address);
  }
  if (journey.vatNumber) await page.locator('[name=vatNumber]').fill(journey.vatNumber);
  await page.locator('.checkout-main button[type=submit]').click();
  await page.waitForURL(/\/checkout\/payment\/$/);
}

/** On the payment step: chooses the method, fills what it needs, confirms the attestations, places the order. */
export async function pay(page: Page, journey: Journey): Promise<void> {
  await page.locator(`[name=paymentMethod][value=${journey.method}]`).check();
  if (journey.method === 'CREDIT_CARD') {
    await page.locator('[name="card.number"]').fill(journey.card ?? '4242 4242 4242 4242');
    await page.locator('[name="card.expiry"]').fill('12/30');
    await page.locator('[name="card.cvc"]').fill('123');
  }
  if (journey.method === 'ELECTRONIC_QUOTE') {
    await page.locator('[name=equoteOrganizationName]').fill('Mercy Clinic');
    await page.locator('[name=equoteJobTitle]').fill('Head of purchasing');
    await page.locator('[name=equotePracticePlace]').fill('Outpatient clinic');
  }
  for (const box of await page.locator('.attestations input[type=checkbox]').all()) await box.check();
  await page.locator('.checkout-main button[type=submit]').click();
  if (!['CREDIT_CARD', 'ELECTRONIC_QUOTE', 'FREE'].includes(journey.method)) {
    await page.waitForURL(/\/test-gateway\/pi_test_\w+\/$/);
    await page.getByRole('button', { name: journey.gatewayAnswer ?? 'Authorize payment' }).click();
  }
}

/** The whole journey, product page to confirmation; returns the confirmation's payment status text. */
export async function buy(page: Page, journey: Journey): Promise<string> {
  await addFromProductPage(page, journey.base, journey.product);
  await checkoutToPayment(page, journey);
  await pay(page, journey);
  await page.waitForURL(/\/confirmation\/[0-9a-f-]{36}\/$/);
  return (await page.locator('[data-testid=payment-status]').textContent()) ?? '';
}
