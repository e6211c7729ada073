import { describe, expect, it } from 'vitest';
import { renderOffThread } from '../src/modules/render-thread/index.ts';
import type { OrderMail, OrderMailFacts } from '../src/modules/orders/index.ts';

const facts: OrderMailFacts = {
  kind: 'placed', token: 'tok', number: '1042', email: 'ola@example.pl', country: 'PL', language: 'pl', currency: 'PLN', total: 123_45,
  chargeStatus: 'FULLY_CHARGED', invoiceDue: null, lines: [{ name: 'Kabel USB-C', quantity: 2, total: 123_45 }],
};

describe('the render thread', () => {
  it("renders an order e-mail as the server would, in the order's language and money", async () => {
    const mail = await renderOffThread<OrderMail>('orderMail', [facts, 'https://shop.example']);
    expect(mail).toMatchObject({ to: 'ola@example.pl', locale: 'pl' });
    expect(mail.subject).toContain('1042');
    expect(mail.text).toMatch(/123,45\s*zł/);
    expect(mail.html).toContain('https://shop.example/pl/pl/confirmation/tok/');
  });

  it("a renderer's error reaches the caller with its message; the next call is answered", async () => {
    await expect(renderOffThread('orderMail', [null, 'https://shop.example'])).rejects.toThrow(/TypeError/);
    const mail = await renderOffThread<OrderMail>('orderMail', [{ ...facts, kind: 'paid' }, 'https://shop.example']);
    expect(mail.subject).toContain('1042');
  });
});
