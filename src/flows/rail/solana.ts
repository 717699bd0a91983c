// Solana as the Rail reaches it (docs/rail-solana.md): the fee payer's key (the account's
// relayer on a Solana network), the official @x402/svm exact facilitator scheme built on it and
// the network's RPC URL (RAIL_RPC_URLS), and the few reads the service makes itself (the fee
// payer's SOL, a transaction's status, whether payTo holds a token account for the asset).
// @solana/kit and @x402/svm load on first use (lazy.ts).
import { loadSolanaKit, loadX402Svm, loadX402SvmFacilitator } from './lazy.ts';

type Kit = typeof import('@solana/kit');
type KeyPairSigner = Awaited<ReturnType<Kit['createKeyPairSignerFromBytes']>>;
type Scheme = InstanceType<Awaited<ReturnType<typeof loadX402SvmFacilitator>>['ExactSvmScheme']>;

const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PJnrK8PD4sHqZMhx5']);

/**
 * The 64 bytes of a Solana secret key (32 secret + 32 public, as `solana-keygen` writes them):
 * given as base58 (wallet exports) or as the JSON array of the keypair file. Null when neither.
 */
export async function solanaSecretKeyBytes(text: string): Promise<Uint8Array | null> {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const numbers = JSON.parse(trimmed) as unknown;
      if (Array.isArray(numbers) && numbers.length === 64 && numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) return Uint8Array.from(numbers as number[]);
    } catch {
      return null;
    }
    return null;
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(trimmed)) return null;
  const { getBase58Encoder } = await loadSolanaKit();
  const bytes = getBase58Encoder().encode(trimmed);
  return bytes.length === 64 ? new Uint8Array(bytes) : null;
}

/** The signer of a secret key; throws when its public half is not the secret's (a corrupted key). */
export async function solanaSignerOf(secret: Uint8Array): Promise<KeyPairSigner> {
  const { createKeyPairSignerFromBytes } = await loadSolanaKit();
  return createKeyPairSignerFromBytes(secret);
}

const schemes = new Map<string, Promise<{ scheme: Scheme; signer: KeyPairSigner }>>();

/** The official exact facilitator scheme with this fee payer on this RPC URL (one per key and URL, so its duplicate cache is shared by the process's settles). */
export function svmSchemeOf(secretKey: string, url: string): Promise<{ scheme: Scheme; signer: KeyPairSigner }> {
  const cacheKey = `${url} ${secretKey}`;
  let entry = schemes.get(cacheKey);
  if (!entry) {
    entry = (async () => {
      const [{ ExactSvmScheme }, { toFacilitatorSvmSigner }] = await Promise.all([loadX402SvmFacilitator(), loadX402Svm()]);
      const signer = await solanaSignerOf((await solanaSecretKeyBytes(secretKey))!);
      return { scheme: new ExactSvmScheme(toFacilitatorSvmSigner(signer, { defaultRpcUrl: url })), signer };
    })();
    entry.catch(() => schemes.delete(cacheKey));
    schemes.set(cacheKey, entry);
  }
  return entry;
}

export interface SvmPaymentFacts {
  /** The token payer (owner of the source token account of the TransferChecked). */
  payer: string;
  /** @x402/svm's transactionMessageHash: one per signed payment, the settlement's nonce. */
  messageHash: string;
  messageBytes: Uint8Array;
}

/** What the service keys a payment by; null when the payload holds no decodable transaction. */
export async function svmPaymentFacts(payload: unknown): Promise<SvmPaymentFacts | null> {
  const { decodeTransactionFromPayload, transactionMessageHash, getTokenPayerFromTransaction } = await loadX402Svm();
  const inner = (payload as { payload?: { transaction?: unknown } } | null)?.payload;
  if (!inner || typeof inner.transaction !== 'string') return null;
  try {
    const transaction = decodeTransactionFromPayload({ transaction: inner.transaction });
    return { payer: getTokenPayerFromTransaction(transaction) ?? '', messageHash: transactionMessageHash(transaction), messageBytes: new Uint8Array(transaction.messageBytes) };
  } catch {
    return null;
  }
}

/**
 * The transaction's signature once the fee payer signs it: the fee payer's Ed25519 signature of
 * the message (deterministic), known before anything is sent, so a reservation names the
 * transaction the chain will know it by.
 */
export async function feePayerSignatureOf(signer: KeyPairSigner, messageBytes: Uint8Array): Promise<string> {
  const { getBase58Decoder, signBytes } = await loadSolanaKit();
  return getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, messageBytes));
}

function rpcOf(kit: Kit, url: string) {
  return kit.createSolanaRpc(url);
}

/** The address's SOL balance in lamports. */
export async function lamportsOf(url: string, address: string): Promise<bigint> {
  const kit = await loadSolanaKit();
  return BigInt((await rpcOf(kit, url).getBalance(kit.address(address)).send()).value);
}

/** A sent transaction's outcome: confirmed without error, failed on chain, or unknown to the chain. */
export async function signatureStatusOf(url: string, signature: string, { searchTransactionHistory = false } = {}): Promise<'success' | 'failed' | null> {
  const kit = await loadSolanaKit();
  const status = (await rpcOf(kit, url).getSignatureStatuses([kit.signature(signature)], { searchTransactionHistory }).send()).value[0];
  if (!status || (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized')) return null;
  return status.err ? 'failed' : 'success';
}

/** The blockhash a transaction's message was signed against (its lifetime). */
export async function blockhashOf(messageBytes: Uint8Array): Promise<string> {
  const { getCompiledTransactionMessageDecoder } = await loadSolanaKit();
  return getCompiledTransactionMessageDecoder().decode(messageBytes).lifetimeToken;
}

/** Whether the chain still accepts transactions signed against `blockhash` (once not, such a transaction can never land). */
export async function blockhashStillValid(url: string, blockhash: string): Promise<boolean> {
  const kit = await loadSolanaKit();
  return (await rpcOf(kit, url).isBlockhashValid(kit.blockhash(blockhash), { commitment: 'processed' }).send()).value;
}

/**
 * Why `owner` cannot receive `mint` (null: its associated token account exists): the mint must be
 * an account of the SPL Token or Token-2022 program, and the owner's associated token account for
 * it must exist (the exact scheme's transfer pays into it and creates none).
 */
export async function tokenAccountProblem(url: string, owner: string, mint: string): Promise<string | null> {
  const kit = await loadSolanaKit();
  const rpc = rpcOf(kit, url);
  const mintAccount = (await rpc.getAccountInfo(kit.address(mint), { encoding: 'base64' }).send()).value;
  if (!mintAccount || !TOKEN_PROGRAMS.has(mintAccount.owner)) return `the asset ${mint} is not a token mint on this network`;
  const encoder = kit.getAddressEncoder();
  const [ata] = await kit.getProgramDerivedAddress({ programAddress: kit.address(ASSOCIATED_TOKEN_PROGRAM), seeds: [encoder.encode(kit.address(owner)), encoder.encode(mintAccount.owner), encoder.encode(kit.address(mint))] });
  const account = (await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()).value;
  if (!account || account.owner !== mintAccount.owner) return `has no token account for ${mint} (its associated token account ${ata} does not exist): create it first, the payment's transfer pays into it`;
  return null;
}
