// A buyer pays a production USD invoice in USDC from a Solana wallet, settled on the local Solana
// chain (test/rail/solana-chain.ts: litesvm with the real SPL Token program), the seller's Rail
// settings on Solana with `facilitator.provider` `self` (its fee payer co-signs and sends). The
// injected Wallet Standard wallet (solana-wallet.ts) signs the transaction the service built for
// it; real token balances move, the receipt appears, and the payment carries the real signature.
// Screenshot in test-results/screenshots/.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type SeededAccount } from '../harness.ts';
import { settingsBody } from '../rail/fixtures.ts';
import { solanaKeypair } from '../rail/official-svm-facilitator.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSolanaChain, type SolanaChain } from '../rail/solana-chain.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';
import { injectSolanaWallet } from './solana-wallet.ts';

describe.skipIf(!chromiumAvailable)('paying in USDC from a Solana wallet, on chain in production', () => {
  let chain: SolanaChain;
  let session: BrowserTest;
  let seller: SeededAccount;
  let customerId: string;
  let feePayer: Awaited<ReturnType<typeof solanaKeypair>>;
  let payTo: string;

  beforeAll(async () => {
    chain = await startSolanaChain((await solanaKeypair()).signer.address);
    feePayer = await solanaKeypair();
    chain.airdrop(feePayer.signer.address, 1n);
    payTo = (await solanaKeypair()).signer.address;
    await chain.fund(payTo, 0n);
    session = await startBrowserTest({ env: { RAIL_RPC_URLS: JSON.stringify({ [SOLANA_DEVNET]: chain.url }), SECRETS_KEY: randomBytes(32).toString('base64') } });
    const { t } = session;
    seller = await seedAccount(t.client, 'Loja Sol');
    const settings = settingsBody({ network: SOLANA_DEVNET, asset: DEVNET_USDC, assetDecimals: 6, payTo, facilitator: { provider: 'self', indexesForDiscovery: false } });
    expect((await t.client.put('/rail/settings', seller.liveKey, settings)).status).toBe(200);
    expect((await t.client.put('/rail/relayer', seller.liveKey, { privateKey: feePayer.base58 })).status).toBe(200);
    const customer = await t.client.post('/customers', seller.liveKey, { name: 'Bruno Lima', email: 'bruno.solana@example.com' });
    expect(customer.status, customer.raw).toBe(201);
    customerId = customer.body.id;
  }, 60_000);
  afterAll(async () => {
    await session?.close();
    await chain?.stop();
  });

  it('the wallet signs the 12.34 USDC transaction; the fee payer settles it on chain and the receipt appears', async () => {
    const { t } = session;
    const draft = await t.client.post('/billing/invoices', seller.liveKey, { customerId, currency: 'USD', lineItems: [{ description: 'API consulting hour', quantity: '2', unitPrice: '6.17' }] });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.liveKey);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    // The buyer holds 20 USDC (20,000,000 units); 2 x 6.17 = 12.34 USD = 12,340,000 units leave, 7,660,000 stay.
    const buyer = (await solanaKeypair()).signer;
    await chain.fund(buyer.address, 20_000_000n);

    const { page, errors } = await openPage(session, url.pathname + url.search, 'en-US', (context) => injectSolanaWallet(context, buyer));
    await page.getByTestId('method-crypto').click();
    await expect.poll(() => page.getByTestId('crypto-amount').innerText()).toBe('12.34 USDC');
    await expect.poll(() => page.getByTestId('wallet-pay').isVisible()).toBe(true);
    await page.getByTestId('wallet-pay').click();
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 30_000 }).toBe(true);
    expect(errors).toEqual([]);
    await screenshot(page, 'pay-solana-wallet-receipt-en.png');

    expect(await chain.tokenBalance(buyer.address)).toBe(7_660_000n);
    expect(await chain.tokenBalance(payTo)).toBe(12_340_000n);
    const payment = (await t.client.get(`/billing/payments?invoiceId=${draft.body.id}&method=crypto`, seller.liveKey)).body.payments[0];
    expect(payment).toMatchObject({ status: 'confirmed', amount: '12.34', currency: 'USD', provider: 'self', settlementNetwork: 'solana', providerId: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) });
    // The chain knows the transaction by that signature, confirmed without error.
    const status = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[payment.providerId]] }) });
    expect(((await status.json()) as { result: { value: Array<{ err: unknown } | null> } }).result.value[0]).toMatchObject({ err: null });
    expect((await t.client.get(`/billing/invoices/${draft.body.id}`, seller.liveKey)).body.status).toBe('paid');
    await page.context().close();
  });
});
