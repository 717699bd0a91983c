// The email outbox without SMTP: invoice emails are written with the change, carry the total,
// due date and hosted page link (HTML escaped), and sandbox ones are read through GET /test/emails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer, createOneOffInvoice } from '../invoices/test-fixtures.ts';

const clock = new ManualClock('2026-05-10T09:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme <Tools> & Co');
});
afterAll(() => t.close());

async function sendNewInvoice(key: string, customer: Record<string, unknown>) {
  const customerId = await createCustomer(t, key, customer);
  const draft = await createOneOffInvoice(t, key, customerId, { lineItems: [{ description: 'Widgets <b>bold</b>', quantity: '3', unitPrice: '0.335' }] });
  const open = await t.client.post(`/billing/invoices/${draft.id}/finalize`, key);
  const sent = await t.client.post(`/billing/invoices/${draft.id}/send`, key);
  expect(sent.status, sent.raw).toBe(200);
  return open.body;
}

describe('GET /test/emails', () => {
  it('shows the invoice email with total, due date and hosted page link', async () => {
    const invoice = await sendNewInvoice(acme.key, { name: 'Ana', email: 'ana@example.com' });
    const res = await t.client.get('/test/emails', acme.key);
    expect(res.status).toBe(200);
    const [email] = res.body.emails;
    expect(Object.keys(email).sort()).toEqual(['createdAt', 'html', 'id', 'sentAt', 'subject', 'text', 'to']);
    expect(email).toMatchObject({ to: 'ana@example.com', subject: `Fatura ${invoice.invoiceNumber} de Acme <Tools> & Co`, sentAt: null, createdAt: '2026-05-10T09:00:00.000Z' });
    // In the account's locale: none set and a BRL invoice, so pt-BR (docs/decisions/locale.md).
    expect(email.text).toContain('Olá, Ana,');
    expect(email.text).toContain('Total: R$\u00a01,01');
    expect(email.text).toContain('Vencimento: 17 de maio de 2026');
    expect(email.text).toContain(invoice.invoiceUrl);
    expect(email.text).toContain('Widgets <b>bold</b>');
  });

  it('escapes every value in the HTML part', async () => {
    await sendNewInvoice(acme.key, { name: '<script>alert(1)</script>', email: 'mallory@example.com' });
    const [email] = (await t.client.get('/test/emails?to=mallory@example.com', acme.key)).body.emails;
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('Acme &lt;Tools&gt; &amp; Co');
    expect(email.html).toContain('Widgets &lt;b&gt;bold&lt;/b&gt;');
    expect(email.html).toMatch(/<a href="http:\/\/localhost:4000\/pay\/[a-z0-9-]+\/invoices\/[0-9a-f-]+\?token&#x3D;[A-Za-z0-9_-]+">/);
  });

  it('lists newest first, pages with a cursor and filters by recipient', async () => {
    clock.advance(1000);
    await sendNewInvoice(acme.key, { email: 'first@example.com' });
    clock.advance(1000);
    await sendNewInvoice(acme.key, { email: 'second@example.com' });
    const page = await t.client.get('/test/emails?limit=1', acme.key);
    expect(page.body.emails.map((e: { to: string }) => e.to)).toEqual(['second@example.com']);
    const next = await t.client.get(`/test/emails?limit=1&cursor=${page.body.nextCursor}`, acme.key);
    expect(next.body.emails.map((e: { to: string }) => e.to)).toEqual(['first@example.com']);
    const filtered = await t.client.get('/test/emails?to=first@example.com', acme.key);
    expect(filtered.body.emails).toHaveLength(1);
  });

  it('answers 404 to a live key, like an unknown route', async () => {
    const res = await t.client.get('/test/emails', acme.liveKey);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'route' });
  });

  it('shows only the calling account emails', async () => {
    const other = await seedAccount(t.client, 'Other');
    expect((await t.client.get('/test/emails', other.key)).body.emails).toEqual([]);
  });

  it('keeps production emails in the outbox, due for the dispatcher, when SMTP is not set', async () => {
    const invoice = await sendNewInvoice(acme.liveKey, { email: 'live@example.com' });
    const rows = await t.database.db.selectFrom('emails').selectAll().where('account_id', '=', acme.id).where('environment', '=', 'production').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to_address: 'live@example.com', sent_at: null, attempts: 0, next_attempt_at: clock.now() });
    expect(rows[0]!.text_body).toContain(invoice.invoiceUrl);
    const sandbox = await t.database.db.selectFrom('emails').select('next_attempt_at').where('account_id', '=', acme.id).where('environment', '=', 'sandbox').execute();
    expect(sandbox.every((row) => row.next_attempt_at === null)).toBe(true);
  });

  it('writes nothing when the send fails (same transaction)', async () => {
    const before = (await t.client.get('/test/emails?limit=100', acme.key)).body.emails.length;
    const customerId = await createCustomer(t, acme.key, { email: 'never@example.com' });
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    expect((await t.client.post(`/billing/invoices/${draft.id}/send`, acme.key)).status).toBe(409);
    expect((await t.client.get('/test/emails?limit=100', acme.key)).body.emails.length).toBe(before);
  });
});
