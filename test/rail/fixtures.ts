// Rail fixtures for tests: a USD usage product priced on a meter, Rail settings, and an agent
// that signs EIP-3009 authorizations with a fixed local test key (viem; nothing leaves the machine).
import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { authorizationTypes } from '@x402/evm';
import type { Db } from '../../src/db/database.ts';
import type { ApiClient } from '../harness.ts';
import { createMeter, createProduct, publishVersion } from '../factories/catalog.ts';

/** Base Sepolia USDC (the default asset @x402/evm knows there, EIP-712 domain "USDC", "2"). */
export const NETWORK = 'eip155:84532';
export const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
/** The seller's wallet: the address of another well-known test key (Hardhat account 3). */
export const SELLER_WALLET = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6').address;
/** Well-known test keys (Hardhat/Anvil accounts 1 and 2): never funded anywhere that matters. */
export const AGENT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const OTHER_AGENT_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

export function settingsBody(overrides: Record<string, unknown> = {}, grace: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    network: NETWORK,
    asset: USDC,
    assetDecimals: 6,
    payTo: SELLER_WALLET,
    grace: { window: '10m', maxPerAgent: '30000', maxTotal: '100000', queueLimit: 100, clockSkewSeconds: 30, ...grace },
    facilitator: { provider: 'service', indexesForDiscovery: false },
    ...overrides,
  };
}

export interface RailProduct {
  productId: string;
  productKey: string;
  meterKey: string;
  meterId: string;
}

/** A USD usage product whose published default version prices one meter at `unitPrice` per request. */
export async function railProduct(client: ApiClient, key: string, unitPrice = '0.01', currency = 'USD'): Promise<RailProduct> {
  const meter = await createMeter(client, key, { aggregation: 'sum' });
  const { product, version } = await createProduct(client, key, { pricingModel: 'usage', basePrice: undefined, currency });
  const patched = await client.patch(`/products/${product.id}/versions/${version.id}`, key, { prices: [{ meter: meter.key, unitPrice }] });
  if (patched.status !== 200) throw new Error(`PATCH version answered ${patched.status}: ${patched.raw}`);
  await publishVersion(client, key, product.id, version.id);
  return { productId: product.id, productKey: product.key, meterKey: meter.key, meterId: meter.id };
}

export async function configureRail(client: ApiClient, key: string, overrides: Record<string, unknown> = {}, grace: Record<string, unknown> = {}): Promise<void> {
  const res = await client.put('/rail/settings', key, settingsBody(overrides, grace));
  if (res.status !== 200) throw new Error(`PUT /rail/settings answered ${res.status}: ${res.raw}`);
}

export function agent(privateKey: `0x${string}` = AGENT_KEY): PrivateKeyAccount {
  return privateKeyToAccount(privateKey);
}

export interface SignOptions {
  value?: string;
  to?: string;
  validAfter?: bigint;
  validBefore?: bigint;
  nonce?: `0x${string}`;
  domainName?: string;
}

/** An x402 v2 exact payment payload for `requirements`, signed by `account` (as @x402/evm's client does). */
export async function signPayment(account: PrivateKeyAccount, requirements: Record<string, any>, options: SignOptions = {}): Promise<Record<string, unknown>> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const authorization = {
    from: account.address,
    to: (options.to ?? requirements.payTo) as `0x${string}`,
    value: options.value ?? requirements.amount,
    validAfter: (options.validAfter ?? now - 600n).toString(),
    validBefore: (options.validBefore ?? now + 300n).toString(),
    nonce: options.nonce ?? (`0x${randomBytes(32).toString('hex')}` as `0x${string}`),
  };
  const signature = await account.signTypedData({
    domain: { name: options.domainName ?? requirements.extra.name, version: requirements.extra.version, chainId: Number(requirements.network.split(':')[1]), verifyingContract: requirements.asset },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: {
      from: authorization.from,
      to: authorization.to,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce,
    },
  });
  return { x402Version: 2, resource: { url: 'http://127.0.0.1/test' }, accepted: requirements, payload: { authorization, signature } };
}

/**
 * What the ledger says reached the seller's wallet in atomic units of a six-decimal token: the
 * environment's provider clearing accounts in `currency` (USDC for Rail settlements, USD for
 * checkout wallet payments, one for one), x 10^6. Tests compare it with the wallet's token balance.
 */
export async function clearingAtomicUnits(db: Db, accountId: string, environment: 'sandbox' | 'production', currency: 'USDC' | 'USD'): Promise<string> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
    .select('e.amount')
    .where('e.account_id', '=', accountId)
    .where('e.environment', '=', environment)
    .where('a.code', 'like', 'providers:%:clearing')
    .where('e.currency', '=', currency)
    .execute();
  return rows.reduce((sum, row) => sum.plus(row.amount), new Decimal(0)).times(1_000_000).toFixed(0);
}

/** How many usage events the agent at `address` has on the product's meter (through the API, as the seller reads them). */
export async function agentUsageCount(client: ApiClient, key: string, product: Pick<RailProduct, 'meterKey'>, address: string): Promise<number> {
  const customers = await client.get(`/customers?externalId=${NETWORK}:${address}`, key);
  if (customers.body.customers.length === 0) return 0;
  const enrollment = (await client.get(`/customers/${customers.body.customers[0].id}/enrollments`, key)).body.enrollments[0];
  const events = await client.get(`/metering/events?enrollmentId=${enrollment.id}&meter=${product.meterKey}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&limit=100`, key);
  return events.body.events.length;
}
