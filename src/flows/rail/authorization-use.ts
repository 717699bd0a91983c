// Where an EIP-3009 authorization was used on chain: the token emits AuthorizationUsed(authorizer,
// nonce) (both indexed) in the transaction that used it, then the Transfer it made (Circle's
// FiatTokenV2_2: _markAuthorizationAsUsed, then _transfer). Read through the network's RPC URL
// (RAIL_RPC_URLS) with viem (eth_getLogs filtered by the indexed authorizer and nonce). Used to recover a settlement whose record was lost (a settler that
// died after its reservation, a remote facilitator's answer lost) and to verify a settlement the
// seller's middleware reports (docs/rail.md, "Recovery").
import type { publicClientOf } from './chain.ts';
import { loadViem } from './lazy.ts';

type PublicClient = Awaited<ReturnType<typeof publicClientOf>>;
type Hex = `0x${string}`;

const EIP3009_ABI = [
  { type: 'event', name: 'AuthorizationUsed', inputs: [{ name: 'authorizer', type: 'address', indexed: true }, { name: 'nonce', type: 'bytes32', indexed: true }] },
  { type: 'event', name: 'AuthorizationCanceled', inputs: [{ name: 'authorizer', type: 'address', indexed: true }, { name: 'nonce', type: 'bytes32', indexed: true }] },
  { type: 'event', name: 'Transfer', inputs: [{ name: 'from', type: 'address', indexed: true }, { name: 'to', type: 'address', indexed: true }, { name: 'value', type: 'uint256', indexed: false }] },
  { type: 'function', name: 'authorizationState', stateMutability: 'view', inputs: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }], outputs: [{ name: '', type: 'bool' }] },
] as const;

/** Blocks per eth_getLogs call (RPC providers cap the range), and how many calls one lookup makes at most. */
const LOG_CHUNK_BLOCKS = 2_000n;
const MAX_LOG_CHUNKS = 50;

export interface AuthorizationUse {
  transaction: Hex;
  blockNumber: bigint;
  /** The block's timestamp, seconds: the chain accepted the authorization then. */
  blockTime: number;
  /** The Transfer the token made for it (from the authorizer), null if none was found after the event. */
  transfer: { from: string; to: string; value: bigint } | null;
}

export interface AuthorizationKeyOnChain {
  asset: string;
  authorizer: string;
  nonce: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The use of the authorization in transaction `hash`: null when the transaction is not mined,
 * reverted, or used no such authorization of that token.
 */
export async function useInTransaction(client: PublicClient, key: AuthorizationKeyOnChain, hash: Hex): Promise<AuthorizationUse | null> {
  const { parseEventLogs } = await loadViem();
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch {
    return null; // not mined (or unknown)
  }
  if (receipt.status !== 'success') return null;
  const logs = parseEventLogs({ abi: EIP3009_ABI, logs: receipt.logs.filter((log) => same(log.address, key.asset)) });
  const used = logs.find((log) => log.eventName === 'AuthorizationUsed' && same(log.args.authorizer, key.authorizer) && same(log.args.nonce, key.nonce));
  if (!used) return null;
  const transfer = logs.find((log) => log.eventName === 'Transfer' && log.logIndex > used.logIndex && same(log.args.from, key.authorizer));
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  return {
    transaction: hash,
    blockNumber: receipt.blockNumber,
    blockTime: Number(block.timestamp),
    transfer: transfer && transfer.eventName === 'Transfer' ? { from: transfer.args.from, to: transfer.args.to, value: transfer.args.value } : null,
  };
}

export type AuthorizationLookup =
  /** Unused as of the latest block, whose timestamp is `chainTime` (later blocks are not earlier). */
  | { used: false; chainTime: number }
  /** Used: by `use`; else cancelled (AuthorizationCanceled found), or neither event found within the lookback. */
  | { used: true; use: AuthorizationUse | null; cancelled: boolean };

/**
 * Whether the token used the authorization, and in which transaction: authorizationState first
 * (one call), then AuthorizationUsed (or AuthorizationCanceled) searched from the latest block backwards, in chunks, down to
 * the block before `notBefore` (seconds; the authorization's validAfter: no earlier block can
 * hold it) or MAX_LOG_CHUNKS chunks.
 */
export async function findAuthorizationUse(client: PublicClient, key: AuthorizationKeyOnChain, notBefore: number): Promise<AuthorizationLookup> {
  const { getAddress, encodeEventTopics, numberToHex, parseEventLogs } = await loadViem();
  const address = getAddress(key.asset);
  const authorizer = getAddress(key.authorizer);
  const nonce = key.nonce as Hex;
  const latest = await client.getBlock({ blockTag: 'latest' });
  const used = await client.readContract({ address, abi: EIP3009_ABI, functionName: 'authorizationState', args: [authorizer, nonce], blockNumber: latest.number });
  if (!used) return { used: false, chainTime: Number(latest.timestamp) };
  // Used or cancelled: both events are indexed the same way, so one filter (either signature, then
  // the authorizer and the nonce) finds either.
  const [usedTopic, authorizerTopic, nonceTopic] = encodeEventTopics({ abi: EIP3009_ABI, eventName: 'AuthorizationUsed', args: { authorizer, nonce } });
  const [canceledTopic] = encodeEventTopics({ abi: EIP3009_ABI, eventName: 'AuthorizationCanceled', args: { authorizer, nonce } });
  let to = latest.number;
  for (let chunk = 0; chunk < MAX_LOG_CHUNKS; chunk++) {
    const from = to >= LOG_CHUNK_BLOCKS ? to - LOG_CHUNK_BLOCKS + 1n : 0n;
    const raw = await client.request({ method: 'eth_getLogs', params: [{ address, topics: [[usedTopic!, canceledTopic!], authorizerTopic!, nonceTopic!], fromBlock: numberToHex(from), toBlock: numberToHex(to) }] });
    const logs = parseEventLogs({ abi: EIP3009_ABI, logs: raw as never });
    const found = logs.find((log) => (log.eventName === 'AuthorizationUsed' || log.eventName === 'AuthorizationCanceled') && log.transactionHash);
    if (found?.eventName === 'AuthorizationUsed') return { used: true, use: await useInTransaction(client, key, found.transactionHash!), cancelled: false };
    if (found) return { used: true, use: null, cancelled: true };
    if (from === 0n) break;
    if (Number((await client.getBlock({ blockNumber: from })).timestamp) < notBefore) break;
    to = from - 1n;
  }
  return { used: true, use: null, cancelled: false };
}
