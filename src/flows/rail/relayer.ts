// The relayer of an account and environment (`facilitator.provider: "self"`): the EVM key that
// submits transferWithAuthorization and pays its gas, or on Solana the fee payer that co-signs
// and pays the fees of the agents' transfers (solana.ts). PUT /rail/relayer takes the private key
// once; it is sealed at rest as processor credentials are (modules/providers secret-box: a data
// key per row, wrapped by SECRETS_KEY, the row id as additional data) and never answered: GET
// shows its address only. `secrets rotate` re-wraps its data key with the connections'.
import type { Config } from '../../config.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db, Executor, Tx } from '../../db/database.ts';
import { openSecrets, requireKeyring, rewrapDataKey, sealSecrets, type Keyring } from '../../modules/providers/index.ts';
import { loadSolanaKit, loadViemAccounts } from './lazy.ts';
import { solanaSecretKeyBytes, solanaSignerOf } from './solana.ts';
import * as repo from './repository.ts';
import type { RailRelayerRow } from './tables.ts';

export type RelayerDeps = { config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir'> };

export interface RelayerView {
  address: string;
  createdAt: Date;
  updatedAt: Date;
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

const toView = (row: RailRelayerRow): RelayerView => ({ address: row.address, createdAt: row.created_at, updatedAt: row.updated_at });

export async function putRelayer(tx: Tx, ctx: UseCaseContext, deps: RelayerDeps, input: { privateKey: string }): Promise<RelayerView> {
  const { address, privateKey } = await relayerKeyOf(input.privateKey);
  const keyring = requireKeyring(deps.config);
  const existing = await repo.findRelayer(tx, ctx.tenant);
  const id = existing?.id ?? newId();
  const sealed = sealSecrets(keyring, id, { privateKey });
  const row = await repo.upsertRelayer(tx, {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    address,
    key_sealed: sealed.ciphertext,
    data_key_sealed: sealed.dataKey,
    key_id: sealed.keyId,
    low_balance_since: null,
    created_at: existing?.created_at ?? ctx.now,
    updated_at: ctx.now,
  });
  return toView(row);
}

/**
 * The key and its address: an EVM key (0x + 64 hex: the relayer of an EVM network), or a Solana
 * secret key (base58 or the keypair file's JSON array of 64 bytes: the fee payer of a Solana
 * network), kept as base58. The value is never echoed, also not in an error: it may be a real key
 * with a typo.
 */
async function relayerKeyOf(text: string): Promise<{ address: string; privateKey: string }> {
  if (PRIVATE_KEY.test(text)) {
    const { privateKeyToAccount } = await loadViemAccounts();
    try {
      return { address: privateKeyToAccount(text as `0x${string}`).address, privateKey: text };
    } catch {
      throw fieldError('privateKey', '', 'evm_private_key', 'is not a valid secp256k1 private key (zero or over the curve order)');
    }
  }
  if (text.startsWith('0x')) throw fieldError('privateKey', '', 'evm_private_key', 'must be 0x followed by 64 hexadecimal digits (a secp256k1 private key)');
  const secret = await solanaSecretKeyBytes(text);
  if (!secret) {
    throw fieldError('privateKey', '', 'private_key', 'must be an EVM private key (0x followed by 64 hexadecimal digits) or a Solana secret key (base58 of 64 bytes, or the keypair file JSON array of 64 numbers)');
  }
  try {
    const signer = await solanaSignerOf(secret);
    const { getBase58Decoder } = await loadSolanaKit();
    return { address: signer.address, privateKey: getBase58Decoder().decode(secret) };
  } catch {
    throw fieldError('privateKey', '', 'solana_secret_key', 'is not a valid Solana secret key (its last 32 bytes must be the public key of its first 32)');
  }
}

/** Whether a relayer's address is a Solana fee payer's (base58) rather than an EVM relayer's (0x). */
export const isSolanaRelayer = (row: Pick<RailRelayerRow, 'address'>): boolean => !row.address.startsWith('0x');

export async function getRelayer(ex: Executor, ctx: UseCaseContext): Promise<RelayerView> {
  const row = await repo.findRelayer(ex, ctx.tenant);
  if (!row) throw notFound('relayer', 'No relayer is set in this environment: PUT /rail/relayer with its private key.');
  return toView(row);
}

export async function deleteRelayer(tx: Tx, ctx: UseCaseContext): Promise<RelayerView> {
  const row = await repo.deleteRelayer(tx, ctx.tenant);
  if (!row) throw notFound('relayer', 'No relayer is set in this environment.');
  return toView(row);
}

/** The relayer's private key, opened (only the settle that submits with it asks): 0x hex on EVM, base58 on Solana. */
export function openRelayerKey(keyring: Keyring, row: RailRelayerRow): `0x${string}` {
  return openSecrets(keyring, row.id, { ciphertext: row.key_sealed, dataKey: row.data_key_sealed, keyId: row.key_id }).privateKey as `0x${string}`;
}

/** The Solana fee payer's secret key (base58), opened for the settle that co-signs with it. */
export function openFeePayerKey(keyring: Keyring, row: RailRelayerRow): string {
  return openSecrets(keyring, row.id, { ciphertext: row.key_sealed, dataKey: row.data_key_sealed, keyId: row.key_id }).privateKey as string;
}

/** `secrets rotate`: every relayer's data key re-wrapped under the current master key; how many. */
export async function rotateRelayerKeys(db: Db, keyring: Keyring): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await repo.relayersSealedElsewhere(tx, keyring.current.id);
    for (const row of rows) {
      await repo.resealRelayer(tx, row.id, rewrapDataKey(keyring, row.id, { ciphertext: row.key_sealed, dataKey: row.data_key_sealed, keyId: row.key_id }));
    }
    return rows.length;
  });
}
