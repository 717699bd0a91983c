// The Rail in benchmarks (scenario 13, bench/rail-throughput.ts): a seller's USD product priced per
// request on a meter, its Rail settings (Base Sepolia USDC, sandbox settlement), and x402 payments
// signed beforehand by local viem accounts, so the figures hold the middleware's and the
// service's work, not the agents' signing.
import { randomBytes } from 'node:crypto';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { authorizationTypes } from '@x402/evm';
import { JsonClient } from './http.ts';

const SELLER_WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC_BASE_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';

export interface RailSeller {
  productKey: string;
  meterKey: string;
}

/** A product priced `unitPrice` USD per request on one meter, and Rail settings with no grace. */
export async function setUpRailSeller(serviceUrl: string, secretKey: string, runId: string, unitPrice = '0.01'): Promise<RailSeller> {
  const api = new JsonClient(serviceUrl, `Bearer ${secretKey}`, 1);
  try {
    const meterKey = `rail-${runId}`;
    await api.expect('POST', '/meters', { key: meterKey, name: 'Rail requests', aggregation: 'sum' }, [201]);
    const created = await api.expect<{ product: { id: string }; version: { id: string } }>('POST', '/products', { key: `rail-${runId}`, name: 'Rail bench', pricingModel: 'usage', currency: 'USD' }, [201]);
    await api.expect('PATCH', `/products/${created.product.id}/versions/${created.version.id}`, { prices: [{ meter: meterKey, unitPrice }] }, [200]);
    await api.expect('POST', `/products/${created.product.id}/versions/${created.version.id}/publish`, {}, [200]);
  } finally {
    await api.close();
  }
  const put = await fetch(`${serviceUrl}/rail/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', 'idempotency-key': `rail-settings-${runId}` },
    body: JSON.stringify({
      network: 'eip155:84532',
      asset: USDC_BASE_SEPOLIA,
      assetDecimals: 6,
      payTo: SELLER_WALLET,
      grace: { window: '10m', maxPerAgent: '0', maxTotal: '0', queueLimit: 0, clockSkewSeconds: 30 },
      facilitator: { provider: 'service', indexesForDiscovery: false },
    }),
  });
  if (put.status !== 200) throw new Error(`PUT /rail/settings answered ${put.status}: ${await put.text()}`);
  return { productKey: `rail-${runId}`, meterKey: `rail-${runId}` };
}

/** `count` PAYMENT-SIGNATURE headers for `requirements`, signed in turn by `agents` (valid for an hour). */
export async function signedPayments(requirements: Record<string, any>, agents: PrivateKeyAccount[], count: number): Promise<string[]> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const headers: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = agents[i % agents.length]!;
    const authorization = { from: account.address, to: requirements.payTo as `0x${string}`, value: requirements.amount as string, validAfter: (now - 600n).toString(), validBefore: (now + 3600n).toString(), nonce: `0x${randomBytes(32).toString('hex')}` as `0x${string}` };
    const signature = await account.signTypedData({
      domain: { name: requirements.extra.name, version: requirements.extra.version, chainId: Number(String(requirements.network).split(':')[1]), verifyingContract: requirements.asset },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: { ...authorization, value: BigInt(authorization.value), validAfter: BigInt(authorization.validAfter), validBefore: BigInt(authorization.validBefore) },
    });
    headers.push(Buffer.from(JSON.stringify({ x402Version: 2, accepted: requirements, payload: { authorization, signature } })).toString('base64'));
  }
  return headers;
}

/** `n` agent accounts from fixed test keys (derived, never funded anywhere). */
export function benchAgents(n: number): PrivateKeyAccount[] {
  return Array.from({ length: n }, (_, i) => privateKeyToAccount(`0x${(BigInt('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d') + BigInt(i)).toString(16).padStart(64, '0')}` as `0x${string}`));
}
