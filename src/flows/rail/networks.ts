// Networks, addresses and durations as the Rail reads them (pure; viem is passed in by callers
// that loaded it, so this file costs nothing at start).

/** CAIP-2: `eip155:<chain id>` or `solana:<genesis hash prefix, base58, 32 characters>`. */
const EIP155 = /^eip155:([1-9][0-9]{0,17})$/;
const SOLANA = /^solana:([1-9A-HJ-NP-Za-km-z]{32})$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type Namespace = 'eip155' | 'solana';

export function namespaceOf(network: string): Namespace | null {
  if (EIP155.test(network)) return 'eip155';
  if (SOLANA.test(network)) return 'solana';
  return null;
}

export function chainIdOf(network: string): number | null {
  const match = EIP155.exec(network);
  return match ? Number(match[1]) : null;
}

/**
 * Test networks: the sandbox verifies for real and settles by simulation on these only. Any other
 * network needs an on-chain settlement connection (409 provider_not_configured until one exists).
 */
export const TEST_NETWORKS: ReadonlySet<string> = new Set([
  'eip155:84532', // Base Sepolia
  'eip155:11155111', // Ethereum Sepolia
  'eip155:421614', // Arbitrum Sepolia
  'eip155:11155420', // OP Sepolia
  'eip155:80002', // Polygon Amoy
  'eip155:43113', // Avalanche Fuji
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', // Solana devnet
]);

/** Networks whose `exact` payments the sandbox verifies and settles (EVM, EIP-3009). */
export function isSimulatedNetwork(network: string): boolean {
  return TEST_NETWORKS.has(network) && namespaceOf(network) === 'eip155';
}

export interface AddressCheck {
  ok: boolean;
  /** The constraint that failed and why, when not ok. */
  constraint?: string;
  description?: string;
}

/**
 * An EVM address: 0x + 40 hex; when it mixes upper and lower case, its EIP-55 checksum must hold
 * (`checksum` is viem's getAddress, which returns the checksummed spelling).
 */
export function checkEvmAddress(value: string, checksum: (address: string) => string): AddressCheck {
  if (!HEX_ADDRESS.test(value)) return { ok: false, constraint: 'evm_address', description: 'must be 0x followed by 40 hexadecimal digits' };
  const body = value.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksum(value) !== value) return { ok: false, constraint: 'eip55_checksum', description: 'mixes upper and lower case but its EIP-55 checksum does not hold' };
  return { ok: true };
}

export function checkSolanaAddress(value: string): AddressCheck {
  if (!BASE58.test(value)) return { ok: false, constraint: 'solana_address', description: 'must be a base58 Solana address of 32 to 44 characters' };
  return { ok: true };
}

const ISO_DURATION = /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const SHORT_DURATION = /^([1-9][0-9]{0,8})(s|m|h)$/;
const WEEK_OF_SECONDS = 7 * 86_400;

/**
 * Seconds of a grace window: an ISO 8601 duration of weeks, days, hours, minutes and seconds
 * (`PT10M`, `P1D`; years and months have no fixed length and are refused) or `<n>s|m|h`. Null
 * when the text is neither, or amounts to zero.
 */
export function windowSeconds(text: string): number | null {
  const short = SHORT_DURATION.exec(text);
  if (short) return Number(short[1]) * ({ s: 1, m: 60, h: 3600 } as const)[short[2] as 's' | 'm' | 'h'];
  const iso = ISO_DURATION.exec(text);
  if (!iso || text.endsWith('T')) return null;
  const [w, d, h, m, s] = iso.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const total = w! * WEEK_OF_SECONDS + d! * 86_400 + h! * 3600 + m! * 60 + s!;
  return total > 0 && Number.isSafeInteger(total) ? total : null;
}
