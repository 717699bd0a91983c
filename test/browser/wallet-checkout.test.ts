// A buyer pays a USD invoice in USDC from their own browser wallet (issue 29): an EIP-1193
// provider injected into the page (window.ethereum), backed by a local key that signs in Node
// through viem, as a wallet extension would. The page reads the charge's requirements, the wallet
// signs the EIP-3009 authorization (eth_signTypedData_v4), the service verifies and settles it
// (simulated in the sandbox) and the receipt appears. A wallet that says no leaves the charge
// payable; a browser without a wallet is told to install one. Screenshots in test-results/screenshots/.
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type SeededAccount, type TestContext } from '../harness.ts';
import { configureRail, NETWORK, SELLER_WALLET } from '../rail/fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';
import { injectWallet as injectWalletOf } from './wallet.ts';

const buyer = privateKeyToAccount('0x6c8ac5f4ce4f4c5ad5e1e4c5f8f2a5b1cf6d0e8e2b8a4d6f3c1e9b7a5d3f1e2c');
const CHAIN_ID = Number(NETWORK.split(':')[1]);
const injectWallet = (context: Parameters<typeof injectWalletOf>[0], refuse = false) => injectWalletOf(context, buyer, CHAIN_ID, refuse);

describe.skipIf(!chromiumAvailable)('paying in USDC from the browser wallet', () => {
  let t: TestContext;
  let seller: SeededAccount;
  let session: BrowserTest;
  let customerId: string;

  beforeAll(async () => {
    session = await startBrowserTest();
    ({ t } = session);
    seller = await seedAccount(t.client, 'Agência Ponte');
    await configureRail(t.client, seller.key);
    const customer = await t.client.post('/customers', seller.key, { name: 'Bruno Lima', email: 'bruno.wallet@example.com' });
    expect(customer.status, customer.raw).toBe(201);
    customerId = customer.body.id;
  });
  afterAll(() => session?.close());

  /** An open invoice of 2 x 6.17 = 12.34 USD; its page's path and id. */
  async function usdInvoice(): Promise<{ path: string; id: string }> {
    const draft = await t.client.post('/billing/invoices', seller.key, { customerId, currency: 'USD', lineItems: [{ description: 'API consulting hour', quantity: '2', unitPrice: '6.17' }] });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.key);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    return { path: url.pathname + url.search, id: open.body.id };
  }

  const cryptoPaymentOf = async (invoiceId: string) => (await t.client.get(`/billing/payments?invoiceId=${invoiceId}&method=crypto`, seller.key)).body.payments[0];

  it('the wallet signs exactly 12.34 USDC to the seller wallet; the service settles it and the receipt appears', async () => {
    const invoice = await usdInvoice();
    const { page, errors } = await openPage(session, invoice.path, 'pt-BR', (context) => injectWallet(context));
    await page.getByTestId('method-crypto').click();
    // 2 x 6.17 USD = 12.34 USD, shown in the page's locale as USDC (one for one).
    await expect.poll(() => page.getByTestId('crypto-amount').innerText()).toBe('12,34 USDC');
    expect(await page.getByTestId('wallet-missing').isVisible()).toBe(false);
    await screenshot(page, 'pay-wallet-pt-BR.png');
    await page.getByTestId('wallet-pay').click();
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
    await screenshot(page, 'pay-wallet-receipt-pt-BR.png');

    const payment = await cryptoPaymentOf(invoice.id);
    expect(payment).toMatchObject({ status: 'confirmed', amount: '12.34', currency: 'USD', providerId: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const settlement = await t.database.db.selectFrom('rail_settlements').selectAll().where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    // 12.34 USD x 10^6 = 12,340,000 atomic units, from the buyer's wallet to the seller's.
    expect(settlement).toMatchObject({ amount: '12340000', payer: buyer.address.toLowerCase(), pay_to: SELLER_WALLET.toLowerCase(), transaction: payment.providerId });
    await page.context().close();
  });

  it('a wallet that refuses leaves the charge payable; a browser without a wallet is told to install one', async () => {
    const invoice = await usdInvoice();
    const refused = await openPage(session, invoice.path, 'en-US', (context) => injectWallet(context, true));
    await refused.page.getByTestId('method-crypto').click();
    await refused.page.getByTestId('wallet-pay').click();
    await expect.poll(() => refused.page.getByTestId('pay-error').innerText()).toContain('User rejected the request.');
    expect((await cryptoPaymentOf(invoice.id)).status).toBe('pending');
    await refused.page.context().close();

    const bare = await openPage(session, invoice.path, 'en-US');
    await bare.page.getByTestId('method-crypto').click();
    await expect.poll(() => bare.page.getByTestId('wallet-missing').isVisible()).toBe(true);
    expect(await bare.page.getByTestId('wallet-pay').isVisible()).toBe(false);
    await screenshot(bare.page, 'pay-wallet-missing-en.png');
    expect(bare.errors).toEqual([]);
    await bare.page.context().close();
  });
});
