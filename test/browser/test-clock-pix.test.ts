// The hosted invoice page's Pix countdown after the seller advanced the sandbox test clock (issue
// 31, item 1): the page counts down the code's real life (an hour by default), not the distance
// from the real time to the clock's (it showed 1951:57:57). Screenshot under test-results/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';

describe.skipIf(!chromiumAvailable)('the Pix countdown on an advanced sandbox clock', () => {
  let t: TestContext;
  let acme: SeededAccount;
  let session: BrowserTest;

  beforeAll(async () => {
    session = await startBrowserTest();
    t = session.t;
    acme = await seedAccount(t.client, 'Acme');
    const to = new Date(Date.now() + 90 * 86_400_000).toISOString();
    expect((await t.client.post('/test/clock/advance', acme.key, { to })).status).toBe(200);
  });
  afterAll(() => session?.close());

  it('shows at most an hour left, and the code is then paid on the sandbox page', async () => {
    const customer = await t.client.post('/customers', acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
    const draft = await t.client.post('/billing/invoices', acme.key, { customerId: customer.body.id, currency: 'BRL', lineItems: [{ description: 'Curso de violão', quantity: '1', unitPrice: '250.00' }] });
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, acme.key);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    const { page } = await openPage(session, url.pathname + url.search, 'pt-BR');
    await page.getByTestId('method-pix').click();
    await expect.poll(() => page.getByTestId('pix-qr').isVisible()).toBe(true);
    // 3,600 s of real time from now: "1:00:00" for a moment, then "59:59" and down.
    await expect.poll(() => page.getByTestId('pix-countdown').innerText()).toMatch(/^(1:00:00|[0-5]\d:\d\d)$/);
    await screenshot(page, 'pay-pix-test-clock-pt-BR.png');

    const confirmHref = await page.getByTestId('sandbox-confirm').getAttribute('href');
    const sandbox = await page.context().newPage();
    await sandbox.goto(`${session.origin}${confirmHref}`);
    await sandbox.getByRole('button', { name: 'Confirmar o pagamento' }).click();
    await expect.poll(() => sandbox.locator('h1').innerText()).toBe('Pagamento confirmado');
    const paid = (await t.client.get(`/billing/invoices/${draft.body.id}`, acme.key)).body;
    expect({ status: paid.status, paidAt: paid.paidAt }).toEqual({ status: 'paid', paidAt: open.body.finalizedAt });
  }, 120_000);
});
