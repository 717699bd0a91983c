// A local Solana chain for the Rail's tests: litesvm (an in-process Solana VM with the real SPL
// Token, Token-2022, Associated Token Account and Memo programs) behind a minimal JSON-RPC server
// serving the methods the official @x402/svm client and facilitator call, and the service's own
// reads (docs/decisions/rail.md, "Solana: litesvm and its RPC"). Every transaction is executed by
// litesvm: signatures, blockhashes and token balances are real. What is ours is the HTTP framing
// only: no validator runs on this machine (Debian has none, npm serves no Solana JSON-RPC).
// The devnet USDC mint is created with a real SPL mint account whose mint authority the test holds;
// funds are given by writing real SPL token accounts (the test's mint, as a mint instruction would).
import { createServer, type Server } from 'node:http';
import { AccountState, findAssociatedTokenPda, getMintDecoder, getMintEncoder, getTokenDecoder, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { address, getBase58Decoder, getBase64Encoder, getTransactionDecoder, lamports, type Address } from '@solana/kit';
import { LiteSVM, FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { listen } from './servers.ts';

export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
/** Circle's devnet USDC mint (the default asset @x402/svm knows on devnet), created here in litesvm. */
export const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

const base58 = getBase58Decoder();
const base64 = getBase64Encoder();
const transactions = getTransactionDecoder();

export interface SolanaChain {
  url: string;
  svm: LiteSVM;
  /** Token balance (atomic units) of the owner's associated token account for the mint; 0 when none. */
  tokenBalance(owner: string, mint?: string): Promise<bigint>;
  /** Creates (or tops up) the owner's associated token account with `amount` of the mint. */
  fund(owner: string, amount: bigint, mint?: string): Promise<void>;
  airdrop(owner: string, sol: bigint): void;
  stop(): Promise<void>;
}

function errorOf(result: unknown): unknown {
  if (!(result instanceof FailedTransactionMetadata)) return null;
  // The RPC answers the error as JSON (the official client stringifies it); litesvm's text names it.
  return { litesvm: result.toString() };
}

async function ataOf(owner: string, mint: string): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ mint: address(mint), owner: address(owner), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return ata;
}

export async function startSolanaChain(mintAuthority: string): Promise<SolanaChain> {
  const svm = new LiteSVM();
  const rent = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size));
  const mintData = getMintEncoder().encode({ mintAuthority: address(mintAuthority), supply: 0n, decimals: 6, isInitialized: true, freezeAuthority: null });
  svm.setAccount({ address: address(DEVNET_USDC), data: new Uint8Array(mintData), executable: false, lamports: lamports(rent(mintData.length)), programAddress: TOKEN_PROGRAM_ADDRESS, space: BigInt(mintData.length) });
  /** Signature -> outcome of the transactions sent (a validator's status cache). */
  const statuses = new Map<string, { slot: bigint; err: unknown }>();

  const context = () => ({ slot: svm.getClock().slot, apiVersion: '2.2.0' });
  const accountInfo = (key: string) => {
    const account = svm.getAccount(address(key));
    if (!account.exists) return null;
    return { data: [Buffer.from(account.data).toString('base64'), 'base64'], executable: account.executable, lamports: Number(account.lamports), owner: account.programAddress, rentEpoch: 0, space: account.data.length };
  };
  const methods: Record<string, (params: any[]) => unknown> = {
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(svm.getClock().slot) + 150 } }),
    getAccountInfo: ([key]) => ({ context: context(), value: accountInfo(key) }),
    getBalance: ([key]) => ({ context: context(), value: Number(svm.getBalance(address(key)) ?? 0n) }),
    getSlot: () => Number(svm.getClock().slot),
    // LiteSVM accepts transactions against its latest blockhash only (expireBlockhash moves it on).
    isBlockhashValid: ([blockhash]) => ({ context: context(), value: blockhash === svm.latestBlockhash() }),
    getTokenAccountBalance: ([key]) => {
      const account = svm.getAccount(address(key));
      if (!account.exists) throw Object.assign(new Error('could not find account'), { code: -32602 });
      const amount = getTokenDecoder().decode(account.data).amount.toString();
      return { context: context(), value: { amount, decimals: 6, uiAmount: null, uiAmountString: amount } };
    },
    simulateTransaction: ([wire, config]) => {
      const tx = transactions.decode(base64.encode(wire));
      // RPC semantics: sigVerify false (the default) simulates a transaction whose fee payer has not signed yet.
      svm.withSigverify(config?.sigVerify === true);
      try {
        const result = svm.simulateTransaction(tx);
        const meta = result instanceof FailedTransactionMetadata ? result.meta() : result.meta();
        return { context: context(), value: { err: errorOf(result), logs: meta.logs(), accounts: null, unitsConsumed: Number(meta.computeUnitsConsumed()), returnData: null, innerInstructions: null } };
      } finally {
        svm.withSigverify(true);
      }
    },
    sendTransaction: ([wire]) => {
      const tx = transactions.decode(base64.encode(wire));
      const result = svm.sendTransaction(tx);
      const signature = base58.decode((result instanceof FailedTransactionMetadata ? result.meta() : (result as TransactionMetadata)).signature());
      // A transaction refused before execution (bad signature, unknown blockhash, replay) is an RPC error, as a validator's preflight-less send would drop it.
      const text = result instanceof FailedTransactionMetadata ? result.toString() : '';
      if (/AlreadyProcessed|BlockhashNotFound|SignatureFailure/.test(text)) throw Object.assign(new Error(`Transaction simulation failed: ${text}`), { code: -32002, data: { err: text, logs: [], accounts: null, unitsConsumed: 0 } });
      statuses.set(signature, { slot: svm.getClock().slot, err: errorOf(result) });
      // Each sent transaction lands in its own slot, as on a validator.
      svm.warpToSlot(svm.getClock().slot + 1n);
      return signature;
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((signature) => {
        const status = statuses.get(signature);
        return status ? { slot: Number(status.slot), confirmations: null, err: status.err, status: status.err ? { Err: status.err } : { Ok: null }, confirmationStatus: 'finalized' } : null;
      }),
    }),
  };

  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const request = JSON.parse(text) as { id: unknown; method: string; params?: unknown[] };
    const reply = (body: Record<string, unknown>) => {
      // JSON numbers, as a validator answers (litesvm gives slots and lamports as bigints).
      const json = JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }, (_key, value) => (typeof value === 'bigint' ? Number(value) : value));
      res.writeHead(200, { 'content-type': 'application/json' }).end(json);
    };
    const method = methods[request.method];
    if (!method) return reply({ error: { code: -32601, message: `Method not found: ${request.method}` } });
    try {
      return reply({ result: method(request.params ?? []) });
    } catch (error) {
      const failure = error as { code?: number; message?: string };
      const failure2 = error as { data?: unknown };
      return reply({ error: { code: failure.code ?? -32603, message: failure.message ?? String(error), ...(failure2.data ? { data: failure2.data } : {}) } });
    }
  });
  server.keepAliveTimeout = 0;
  const url = await listen(server);

  return {
    url,
    svm,
    async tokenBalance(owner, mint = DEVNET_USDC) {
      const account = svm.getAccount(await ataOf(owner, mint));
      return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
    },
    async fund(owner, amount, mint = DEVNET_USDC) {
      const ata = await ataOf(owner, mint);
      const existing = svm.getAccount(ata);
      const held = existing.exists ? getTokenDecoder().decode(existing.data).amount : 0n;
      const data = getTokenEncoder().encode({ mint: address(mint), owner: address(owner), amount: held + amount, delegate: null, state: AccountState.Initialized, isNative: null, delegatedAmount: 0n, closeAuthority: null });
      svm.setAccount({ address: ata, data: new Uint8Array(data), executable: false, lamports: lamports(rent(data.length)), programAddress: TOKEN_PROGRAM_ADDRESS, space: BigInt(data.length) });
      // The mint's supply grows by what was given, as a MintTo would make it.
      const mintAccount = svm.getAccount(address(mint));
      if (mintAccount.exists) {
        const current = getMintDecoder().decode(mintAccount.data);
        svm.setAccount({ ...mintAccount, data: new Uint8Array(getMintEncoder().encode({ ...current, supply: current.supply + amount })) });
      }
    },
    airdrop(owner, sol) {
      svm.airdrop(address(owner), lamports(sol * 1_000_000_000n));
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
