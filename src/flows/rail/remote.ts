// `facilitator.provider: "remote"`: any x402 v2 facilitator settles, by URL and auth headers
// (PUT /rail/remote-facilitator), called through the official HTTPFacilitatorClient of
// @x402/core. The headers are sealed as the relayer key is and shown by name with their last four
// characters; the URL is seller input the service calls, so it passes the webhook URL rules (SSRF).
// A settle keeps no database transaction open while the facilitator works: the authorization is
// reserved, the facilitator settles, then the settlement is recorded with the hash it answered.
// `facilitator.indexesForDiscovery` false strips the discovery (bazaar) extension from what is
// sent, so the facilitator does not catalogue the seller's routes.
import type { Config } from '../../config.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db, Executor, Tx } from '../../db/database.ts';
import { openSecrets, requireKeyring, rewrapDataKey, sealSecrets, type Keyring } from '../../modules/providers/index.ts';
import { checkWebhookUrl, egressGuardOf, withEgressGuard, type TargetPolicy } from '../../modules/webhooks/index.ts';
import { loadX402Server } from './lazy.ts';
import * as repo from './repository.ts';
import type { RailRemoteFacilitatorRow, RailSettingsRow } from './tables.ts';

export type RemoteDeps = { config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir'>; webhookPolicy: TargetPolicy };

export interface RemoteFacilitatorView {
  url: string;
  /** Header names, each value shown by its last four characters. */
  headers: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
const MAX_HEADERS = 10;
const toView = (row: RailRemoteFacilitatorRow): RemoteFacilitatorView => ({ url: row.url, headers: row.headers_shown, createdAt: row.created_at, updatedAt: row.updated_at });
const lastFour = (value: string) => (value.length <= 4 ? '••••' : `••••${value.slice(-4)}`);

export async function validateRemoteFacilitator(deps: RemoteDeps, input: { url: string; headers: Record<string, string> }): Promise<void> {
  const problem = await checkWebhookUrl(input.url, deps.webhookPolicy);
  if (problem) throw fieldError('url', input.url, 'facilitator_url', problem);
  const errors: FieldError[] = [];
  const names = Object.keys(input.headers);
  if (names.length > MAX_HEADERS) errors.push({ field: 'headers', value: '', constraint: 'max_properties', description: `at most ${MAX_HEADERS} headers` });
  for (const name of names) {
    const value = input.headers[name];
    // Values are never echoed: they are credentials.
    if (!HEADER_NAME.test(name)) errors.push({ field: `headers.${name}`, value: '', constraint: 'header_name', description: 'must be an HTTP header name' });
    else if (typeof value !== 'string' || value.length === 0 || value.length > 4096 || /[\r\n]/.test(value)) {
      errors.push({ field: `headers.${name}`, value: '', constraint: 'header_value', description: 'must be 1 to 4096 characters on one line' });
    }
  }
  if (errors.length > 0) throw validationError(errors);
}

export async function putRemoteFacilitator(tx: Tx, ctx: UseCaseContext, deps: RemoteDeps, input: { url: string; headers: Record<string, string> }): Promise<RemoteFacilitatorView> {
  const keyring = requireKeyring(deps.config);
  const existing = await repo.findRemoteFacilitator(tx, ctx.tenant);
  const id = existing?.id ?? newId();
  const sealed = sealSecrets(keyring, id, input.headers);
  const row = await repo.upsertRemoteFacilitator(tx, {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    url: input.url.replace(/\/+$/, ''),
    headers_shown: Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name, lastFour(value)])),
    headers_sealed: sealed.ciphertext,
    data_key_sealed: sealed.dataKey,
    key_id: sealed.keyId,
    created_at: existing?.created_at ?? ctx.now,
    updated_at: ctx.now,
  });
  return toView(row);
}

export async function getRemoteFacilitator(ex: Executor, ctx: UseCaseContext): Promise<RemoteFacilitatorView> {
  const row = await repo.findRemoteFacilitator(ex, ctx.tenant);
  if (!row) throw notFound('remote_facilitator', 'No remote facilitator is set in this environment: PUT /rail/remote-facilitator with its URL and headers.');
  return toView(row);
}

export async function deleteRemoteFacilitator(tx: Tx, ctx: UseCaseContext): Promise<RemoteFacilitatorView> {
  const row = await repo.deleteRemoteFacilitator(tx, ctx.tenant);
  if (!row) throw notFound('remote_facilitator', 'No remote facilitator is set in this environment.');
  return toView(row);
}

/**
 * The official client for the tenant's facilitator, its headers on verify, settle and supported.
 * Its calls connect under the webhook target policy (the URL was judged when it was set; the
 * addresses its name gives now are judged at each connection), since the client takes no agent.
 */
export async function remoteClientOf(keyring: Keyring, row: RailRemoteFacilitatorRow, policy: TargetPolicy) {
  const { HTTPFacilitatorClient } = await loadX402Server();
  const headers = openSecrets(keyring, row.id, { ciphertext: row.headers_sealed, dataKey: row.data_key_sealed, keyId: row.key_id });
  const client = new HTTPFacilitatorClient({ url: row.url, timeoutMs: 60_000, createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }) });
  const guard = egressGuardOf(policy);
  return {
    verify: (...args: Parameters<typeof client.verify>) => withEgressGuard(guard, () => client.verify(...args)),
    settle: (...args: Parameters<typeof client.settle>) => withEgressGuard(guard, () => client.settle(...args)),
    getSupported: () => withEgressGuard(guard, () => client.getSupported()),
  };
}

/** The payload as the remote facilitator gets it: without the discovery extension unless the seller allows indexing. */
export function forRemote(settings: RailSettingsRow, payload: Record<string, unknown>): Record<string, unknown> {
  const extensions = payload.extensions as Record<string, unknown> | undefined;
  if (settings.facilitator.indexesForDiscovery || !extensions || !('bazaar' in extensions)) return payload;
  const { bazaar: _dropped, ...rest } = extensions;
  return { ...payload, extensions: rest };
}

/** `secrets rotate`: every remote facilitator's data key re-wrapped under the current master key. */
export async function rotateRemoteFacilitatorKeys(db: Db, keyring: Keyring): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await repo.remoteFacilitatorsSealedElsewhere(tx, keyring.current.id);
    for (const row of rows) {
      await repo.resealRemoteFacilitator(tx, row.id, rewrapDataKey(keyring, row.id, { ciphertext: row.headers_sealed, dataKey: row.data_key_sealed, keyId: row.key_id }));
    }
    return rows.length;
  });
}
