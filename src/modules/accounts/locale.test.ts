// The account's locale (docs/decisions/locale.md): read and set through /account/tenant; null by
// default, which writes pt-BR for BRL and English for other currencies; emails and the invoice lines
// the service writes follow it from then on, and lines written before keep their text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer, createOneOffInvoice } from '../invoices/test-fixtures.ts';

const clock = new ManualClock('2026-05-10T09:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Padaria Pão Quente');
  customerId = await createCustomer(t, acme.key, { name: 'Ana Souza', email: 'ana.locale@example.com' });
  for (const code of ['BEMVINDO', 'WELCOME', 'SALE']) expect((await t.client.post('/billing/coupons', acme.key, { code, percentOff: '10', duration: 'forever' })).status).toBe(201);
});
afterAll(() => t.close());

const setLocale = (locale: unknown) => t.client.patch('/account/tenant', acme.key, { locale });
const couponLine = (invoice: { lineItems: Array<{ type: string; description: string }> }) => invoice.lineItems.find((l) => l.type === 'discount')!.description;
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

async function sentEmail(currency: string, couponCode: string) {
  // 3 x 1.00 = 3.00, less 10% = 2.70.
  const draft = await createOneOffInvoice(t, acme.key, customerId, { currency, couponCode, lineItems: [{ description: 'Pão de queijo', quantity: '3', unitPrice: '1.00' }] });
  expect((await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key)).status).toBe(200);
  expect((await t.client.post(`/billing/invoices/${draft.id}/send`, acme.key)).status).toBe(200);
  const emails = (await t.client.get('/test/emails?to=ana.locale@example.com&limit=1', acme.key)).body.emails;
  return { draft, email: emails[0] as { subject: string; text: string } };
}

describe('account locale', () => {
  it('is null by default: a BRL invoice is written in pt-BR, a USD one in English', async () => {
    expect((await t.client.get('/account/tenant', acme.key)).body.locale).toBeNull();
    const brl = await sentEmail('BRL', 'BEMVINDO');
    expect(couponLine(brl.draft)).toBe('Cupom BEMVINDO: 10% de desconto');
    expect(brl.email.subject).toMatch(/^Fatura .+ de Padaria Pão Quente$/);
    expect(brl.email.text).toContain('Olá, Ana Souza,');
    expect(nbsp(brl.email.text)).toContain('Total: R$ 2,70');
    expect(brl.email.text).toContain('Vencimento: 17 de maio de 2026');
    const usd = await sentEmail('USD', 'WELCOME');
    expect(couponLine(usd.draft)).toBe('Coupon WELCOME: 10% off');
    expect(usd.email.text).toContain('Hello Ana Souza,');
    expect(usd.email.text).toContain('Total: $2.70');
    expect(usd.email.text).toContain('Due date: May 17, 2026');
  });

  it('set to en: a BRL invoice is written in English, amounts still in reais; lines written before keep their text', async () => {
    const before = await createOneOffInvoice(t, acme.key, customerId, { couponCode: 'SALE' });
    expect(couponLine(before)).toBe('Cupom SALE: 10% de desconto');
    const set = await setLocale('en');
    expect(set.status, set.raw).toBe(200);
    expect(set.body.locale).toBe('en');
    expect((await t.client.get('/account/tenant', acme.key)).body.locale).toBe('en');
    const brl = await sentEmail('BRL', 'BEMVINDO');
    expect(couponLine(brl.draft)).toBe('Coupon BEMVINDO: 10% off');
    expect(brl.email.subject).toMatch(/^Invoice .+ from Padaria Pão Quente$/);
    expect(brl.email.text).toContain('Total: R$2.70');
    // Stored text: the line written in pt-BR reads the same after the change.
    expect(couponLine((await t.client.get(`/billing/invoices/${before.id}`, acme.key)).body)).toBe('Cupom SALE: 10% de desconto');
  });

  it('set to pt-BR writes a USD invoice in Portuguese; null goes back to the currency rule; anything else is refused', async () => {
    expect((await setLocale('pt-BR')).body.locale).toBe('pt-BR');
    const usd = await sentEmail('USD', 'WELCOME');
    expect(couponLine(usd.draft)).toBe('Cupom WELCOME: 10% de desconto');
    expect(nbsp(usd.email.text)).toContain('Total: US$ 2,70');
    expect((await setLocale(null)).body.locale).toBeNull();
    expect(couponLine(await createOneOffInvoice(t, acme.key, customerId, { currency: 'USD', couponCode: 'SALE' }))).toBe('Coupon SALE: 10% off');
    const refused = await setLocale('fr');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'locale' });
  });
});
