// The EVM chain as the `self` settlement reaches it, through viem (loaded lazily): one public
// client per network's RPC URL (RAIL_RPC_URLS), the relayer's wallet, and the submission of an
// EIP-3009 transferWithAuthorization as @x402/evm's exact facilitator submits it (ECDSA
// signatures split into v, r, s; any other signature passed as bytes, for smart wallets).
import type { Config } from '../../config.ts';
import { loadViem, loadViemAccounts, loadX402Evm } from './lazy.ts';
import { chainIdOf } from './networks.ts';
import type { Authorization } from './verify-exact.ts';

export type RailChainConfig = Config['rail'];

type Viem = typeof import('viem');
type PublicClient = ReturnType<Viem['createPublicClient']>;

const publicClients = new Map<string, Promise<PublicClient>>();

export function rpcUrlOf(config: RailChainConfig, network: string): string | null {
  return config.rpcUrls[network] ?? null;
}

async function chainOf(network: string, url: string) {
  const { defineChain } = await loadViem();
  const id = chainIdOf(network)!;
  return defineChain({ id, name: network, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
}

export function publicClientOf(network: string, url: string): Promise<PublicClient> {
  const key = `${network} ${url}`;
  let client = publicClients.get(key);
  if (!client) {
    client = (async () => {
      const { createPublicClient, http } = await loadViem();
      return createPublicClient({ chain: await chainOf(network, url), transport: http(url), pollingInterval: 250 }) as PublicClient;
    })();
    publicClients.set(key, client);
  }
  return client;
}

export interface Submission {
  network: string;
  url: string;
  asset: string;
  relayerKey: `0x${string}`;
  authorization: Authorization;
  signature: `0x${string}`;
}

/** Sends the transaction (gas estimated first: a transfer the token would refuse fails here, unsent). Resolves with its hash. */
export async function submitTransferWithAuthorization(submission: Submission): Promise<`0x${string}`> {
  const { createWalletClient, http, getAddress, parseSignature, nonceManager } = await loadViem();
  const { privateKeyToAccount } = await loadViemAccounts();
  const { eip3009ABI } = await loadX402Evm();
  // viem's process-wide nonce manager: concurrent settles of one relayer take consecutive nonces.
  const account = privateKeyToAccount(submission.relayerKey, { nonceManager });
  const wallet = createWalletClient({ account, chain: await chainOf(submission.network, submission.url), transport: http(submission.url) });
  const auth = submission.authorization;
  const base = [getAddress(auth.from), getAddress(auth.to), BigInt(auth.value), BigInt(auth.validAfter), BigInt(auth.validBefore), auth.nonce] as const;
  const ecdsa = submission.signature.length === 132;
  const parsed = ecdsa ? parseSignature(submission.signature) : null;
  const args = parsed ? [...base, Number(parsed.v ?? BigInt(parsed.yParity + 27)), parsed.r, parsed.s] : [...base, submission.signature];
  return wallet.writeContract({ address: getAddress(submission.asset), abi: eip3009ABI, functionName: 'transferWithAuthorization', args } as never);
}

export type ReceiptOutcome = { kind: 'success'; blockNumber: bigint } | { kind: 'reverted' } | { kind: 'unconfirmed'; reason: string };

/** Waits for `confirmations` blocks over the transaction's, at most `timeoutMs`. */
export async function waitForSettlement(client: PublicClient, hash: `0x${string}`, config: RailChainConfig): Promise<ReceiptOutcome> {
  try {
    const receipt = await client.waitForTransactionReceipt({ hash, confirmations: config.confirmations, timeout: config.receiptTimeoutMs });
    return receipt.status === 'success' ? { kind: 'success', blockNumber: receipt.blockNumber } : { kind: 'reverted' };
  } catch (error) {
    return { kind: 'unconfirmed', reason: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** The receipt of a transaction sent earlier, if mined: a settle resumed after a lost wait. */
export async function receiptOf(client: PublicClient, hash: `0x${string}`): Promise<'success' | 'reverted' | null> {
  try {
    return (await client.getTransactionReceipt({ hash })).status;
  } catch {
    return null;
  }
}
