// A buyer pays a production USD invoice in USDC from the browser wallet, settled on chain: the
// local Hardhat chain with Circle's USDC (test/chain/, chain id 31337), the seller's production
// Rail settings on it with `facilitator.provider` `self` (its relayer submits the transfer). The
// injected EIP-1193 provider (wallet.ts) signs for the local token's EIP-712 domain; real balances
// move, the receipt appears, and the payment carries the real transaction hash. Screenshots in
// test-results/screenshots/.
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, LOCAL_CHAIN_ID, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { seedAccount, type SeededAccount } from '../harness.ts';
import { configureRail } from '../rail/fixtures.ts';
import { chromiumAvailable, openPage, screenshot, startBrowserTest, type BrowserTest } from './chromium.ts';
import { injectWallet } from './wallet.ts';

describe.skipIf(!chromiumAvailable)('paying in USDC from the browser wallet, on chain in production', () => {
  let chain: LocalChain;
  let usdc: DeployedUsdc;
  let session: BrowserTest;
  let seller: SeededAccount;
  let customerId: string;
  const relayerKey = generatePrivateKey();
  const relayer = privateKeyToAccount(relayerKey);
  const buyer = privateKeyToAccount(generatePrivateKey());
  const payTo = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    chain = await startLocalChain();
    usdc = await deployUsdc(chain);
    await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: relayer.address, value: 10n ** 18n });
    session = await startBrowserTest({ env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), SECRETS_KEY: randomBytes(32).toString('base64') } });
    const { t } = session;
    seller = await seedAccount(t.client, 'Loja Ponte');
    await configureRail(t.client, seller.liveKey, { network: chain.network, asset: usdc.address, payTo, assetDomain: usdc.domain, facilitator: { provider: 'self', indexesForDiscovery: false } });
    expect((await t.client.put('/rail/relayer', seller.liveKey, { privateKey: relayerKey })).status).toBe(200);
    const customer = await t.client.post('/customers', seller.liveKey, { name: 'Bruno Lima', email: 'bruno.chain@example.com' });
    expect(customer.status, customer.raw).toBe(201);
    customerId = customer.body.id;
  });
  afterAll(async () => {
    await session?.close();
    await chain?.stop();
  });

  it('the wallet signs 12.34 USDC for the local token; the relayer settles it on chain and the receipt appears', async () => {
    const { t } = session;
    const draft = await t.client.post('/billing/invoices', seller.liveKey, { customerId, currency: 'USD', lineItems: [{ description: 'API consulting hour', quantity: '2', unitPrice: '6.17' }] });
    expect(draft.status, draft.raw).toBe(201);
    const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.liveKey);
    expect(open.status, open.raw).toBe(200);
    const url = new URL(open.body.invoiceUrl);
    // The buyer holds 20 USDC (20,000,000 units); 2 x 6.17 = 12.34 USD = 12,340,000 units leave.
    await usdc.mint(buyer.address, 20_000_000n);

    const { page, errors } = await openPage(session, url.pathname + url.search, 'en-US', (context) => injectWallet(context, buyer, LOCAL_CHAIN_ID));
    // Production offers crypto because the seller's own facilitator settles it.
    await page.getByTestId('method-crypto').click();
    await expect.poll(() => page.getByTestId('crypto-amount').innerText()).toBe('12.34 USDC');
    await page.getByTestId('wallet-pay').click();
    await expect.poll(() => page.getByTestId('receipt').isVisible().catch(() => false), { timeout: 30_000 }).toBe(true);
    expect(errors).toEqual([]);
    await screenshot(page, 'pay-wallet-onchain-receipt-en.png');

    expect(await usdc.balanceOf(buyer.address)).toBe(7_660_000n);
    expect(await usdc.balanceOf(payTo)).toBe(12_340_000n);
    const payment = (await t.client.get(`/billing/payments?invoiceId=${draft.body.id}&method=crypto`, seller.liveKey)).body.payments[0];
    expect(payment).toMatchObject({ status: 'confirmed', amount: '12.34', currency: 'USD', provider: 'self' });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: payment.providerId });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(relayer.address.toLowerCase());
    expect((await t.client.get(`/billing/invoices/${draft.body.id}`, seller.liveKey)).body.status).toBe('paid');
    await page.context().close();
  });
});
