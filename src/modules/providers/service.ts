// Processor connections: PUT/GET/DELETE /account/providers/{provider} and its check.
// Invariants: one connection per provider per tenant (unique key), and one per method per tenant
// (checked under a tenant-wide transaction lock: 409 provider_method_taken); credentials are
// sealed before they are stored (secret-box.ts) and answered only as `credentials_shown` (secrets
// by their last four characters). The webhook URL carries an unguessable token that stays the same
// when the connection is replaced, so the URL registered at the processor keeps working.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { getTenant } from '../accounts/index.ts';
import { callProcessor, processorNamed, sameToken, type LiveConnection, type PaymentMethod, type ProcessorConnection, type ProcessorName } from '../payments/index.ts';
import { checkWebhookUrl, egressGuardOf, type TargetPolicy } from '../webhooks/index.ts';
import { keyringOf, requireKeyring } from './keyring.ts';
import * as repo from './repository.ts';
import { openSecrets, sealSecrets } from './secret-box.ts';
import type { ConnectionRow, ConnectionStatus } from './tables.ts';

/** The methods a processor connection can serve (crypto settles through the Rail, not here). */
export type LiveMethod = Exclude<PaymentMethod, 'crypto'>;

export interface ConnectionView {
  provider: ProcessorName;
  environment: Tenant['environment'];
  methods: LiveMethod[];
  status: ConnectionStatus;
  statusReason: string | null;
  webhookUrl: string;
  credentials: Record<string, string>;
  checkedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConnectionInput {
  methods: LiveMethod[];
  credentials: Record<string, string>;
}

export interface ProviderDeps {
  config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir' | 'baseUrl' | 'processors' | 'managedProvidersAccountId'>;
  policy: TargetPolicy;
}

/** `{BASE_URL}/processors/{connectionId}/{token}/events`: pix_api PSPs call it with `/pix` appended. */
export function webhookUrlOf(baseUrl: string, row: Pick<ConnectionRow, 'id' | 'webhook_token'>): string {
  return `${baseUrl.replace(/\/$/, '')}/processors/${row.id}/${row.webhook_token}/events`;
}

function toView(row: ConnectionRow, baseUrl: string): ConnectionView {
  return {
    provider: row.provider,
    environment: row.environment,
    methods: row.methods as LiveMethod[],
    status: row.status,
    statusReason: row.status_reason,
    webhookUrl: webhookUrlOf(baseUrl, row),
    credentials: row.credentials_shown,
    checkedAt: row.checked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function adapterOf(provider: string) {
  const adapter = processorNamed(provider);
  if (!adapter) throw notFound('provider', `No processor named ${provider} is available in this service.`);
  return adapter;
}

/** The last four characters, the rest masked: enough to tell two keys apart, nothing to use. */
export function lastFour(secret: string): string {
  return secret.length <= 4 ? '••••' : `••••${secret.slice(-4)}`;
}

async function validate(deps: ProviderDeps, provider: ProcessorName, input: ConnectionInput): Promise<void> {
  const adapter = adapterOf(provider);
  const errors: FieldError[] = [];
  const methods = new Set<string>();
  input.methods.forEach((method, i) => {
    if (!adapter.supportedMethods.includes(method)) {
      errors.push({ field: `methods[${i}]`, value: method, constraint: 'supported_method', description: `${provider} serves ${adapter.supportedMethods.join(', ')}.` });
    }
    if (methods.has(method)) errors.push({ field: `methods[${i}]`, value: method, constraint: 'unique', description: 'Each method once.' });
    methods.add(method);
  });
  for (const field of adapter.credentialFields) {
    const value = input.credentials[field];
    if (typeof value !== 'string' || value.trim() === '') {
      errors.push({ field: `credentials.${field}`, value: '', constraint: 'required', description: `${provider} needs ${adapter.credentialFields.join(', ')}.` });
    }
  }
  const optional = adapter.optionalCredentialFields ?? [];
  const known = [...adapter.credentialFields, ...optional];
  for (const [field, value] of Object.entries(input.credentials)) {
    if (!known.includes(field)) {
      // The value is not echoed: it may be a secret sent under the wrong name.
      const also = optional.length > 0 ? ` (and optionally ${optional.join(', ')})` : '';
      errors.push({ field: `credentials.${field}`, value: '', constraint: 'unknown_field', description: `${provider} takes ${adapter.credentialFields.join(', ')}${also}.` });
    } else if (typeof value !== 'string') {
      errors.push({ field: `credentials.${field}`, value: '', constraint: 'string', description: 'Credentials are strings (PEM text for certificates and keys).' });
    }
  }
  if (errors.length > 0) throw validationError(errors);
  const baseUrl = input.credentials.baseUrl;
  if (provider === 'pix_api' && baseUrl !== undefined) {
    // The PSP's base URL is seller input the service calls: the same SSRF rules as webhook URLs.
    const problem = await checkWebhookUrl(baseUrl, deps.policy);
    if (problem) throw fieldError('credentials.baseUrl', baseUrl, 'webhook_target', problem.replace(/^url/, 'baseUrl'));
  }
}

/** Checks the body before the idempotent work (the baseUrl check resolves DNS). */
export async function validateConnection(deps: ProviderDeps, provider: ProcessorName, input: ConnectionInput): Promise<void> {
  await validate(deps, provider, input);
}

export async function putConnection(tx: Tx, ctx: UseCaseContext, deps: ProviderDeps, provider: ProcessorName, input: ConnectionInput): Promise<ConnectionView> {
  const adapter = adapterOf(provider);
  const keyring = requireKeyring(deps.config);
  await repo.lockTenantConnections(tx, ctx.tenant);
  const existing = await repo.findConnection(tx, ctx.tenant, provider, { forUpdate: true });
  for (const method of input.methods) {
    const other = await repo.findServing(tx, ctx.tenant, method);
    if (other && other.provider !== provider) {
      throw new AppError('provider_method_taken', `${other.provider} already serves ${method} in ${ctx.tenant.environment}; one connection per method. Remove ${method} from it first.`);
    }
  }
  const id = existing?.id ?? newId();
  const shown: Record<string, string> = {};
  // The optional fields given are shown too (pix_api's receiving account, its PSP's CA certificate).
  for (const field of [...adapter.credentialFields, ...(adapter.optionalCredentialFields ?? [])]) {
    const value = input.credentials[field];
    if (value === undefined) continue;
    shown[field] = adapter.secretFields.includes(field) ? lastFour(value) : value;
  }
  const sealed = sealSecrets(keyring, id, input.credentials);
  const row: ConnectionRow = {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    provider,
    methods: input.methods,
    status: 'unchecked',
    status_reason: null,
    credentials_shown: shown,
    credentials_sealed: sealed.ciphertext,
    data_key_sealed: sealed.dataKey,
    key_id: sealed.keyId,
    webhook_token: existing?.webhook_token ?? randomBytes(24).toString('base64url'),
    checked_at: null,
    created_at: existing?.created_at ?? ctx.now,
    updated_at: ctx.now,
  };
  const saved = await repo.upsertConnection(tx, row);
  if (adapter.registerWebhook) {
    const connection = toProcessorConnection(saved, input.credentials, deps);
    await callProcessor(deps.config.processors.timeoutMs, () => adapter.registerWebhook!(connection));
  }
  return toView(saved, deps.config.baseUrl);
}

export async function listConnections(ex: Executor, ctx: UseCaseContext, deps: ProviderDeps): Promise<ConnectionView[]> {
  return (await repo.listConnections(ex, ctx.tenant)).map((row) => toView(row, deps.config.baseUrl));
}

async function found(ex: Executor, tenant: Tenant, provider: string, forUpdate = false): Promise<ConnectionRow> {
  const row = await repo.findConnection(ex, tenant, provider, { forUpdate });
  if (!row) throw notFound('provider', `No ${provider} connection in this environment.`);
  return row;
}

export async function getConnection(ex: Executor, ctx: UseCaseContext, deps: ProviderDeps, provider: string): Promise<ConnectionView> {
  return toView(await found(ex, ctx.tenant, provider), deps.config.baseUrl);
}

/** Removes the connection; its payments keep their provider and providerId (connection_id set null). */
export async function deleteConnection(tx: Tx, ctx: UseCaseContext, deps: ProviderDeps, provider: string): Promise<ConnectionView> {
  const row = await found(tx, ctx.tenant, provider, true);
  await repo.deleteConnection(tx, ctx.tenant, row.id);
  return toView(row, deps.config.baseUrl);
}

/** A real, harmless call with the credentials; records `active`, or `failing` with the processor's reason. */
export async function checkConnection(tx: Tx, ctx: UseCaseContext, deps: ProviderDeps, provider: string): Promise<ConnectionView> {
  const row = await found(tx, ctx.tenant, provider, true);
  const live = liveOf(row, deps);
  let status: ConnectionStatus = 'active';
  let reason: string | null = null;
  try {
    await callProcessor(deps.config.processors.timeoutMs, () => live.adapter.check(live.connection));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    status = 'failing';
    reason = error.message;
  }
  const saved = await repo.updateStatus(tx, ctx.tenant, row.id, { status, status_reason: reason, checked_at: ctx.now, updated_at: ctx.now });
  return toView(saved, deps.config.baseUrl);
}

function toProcessorConnection(row: ConnectionRow, credentials: Record<string, string>, deps: ProviderDeps): ProcessorConnection {
  const egress = egressGuardOf(deps.policy);
  return { id: row.id, provider: row.provider, environment: row.environment, methods: row.methods, credentials, webhookUrl: webhookUrlOf(deps.config.baseUrl, row), ...(egress ? { egress } : {}) };
}

function liveOf(row: ConnectionRow, deps: ProviderDeps): LiveConnection {
  const keyring = keyringOf(deps.config);
  if (!keyring) throw new AppError('secrets_not_configured', 'Processor credentials cannot be opened: the operator has not set SECRETS_KEY (or SECRETS_KEY_FILE).');
  const credentials = openSecrets(keyring, row.id, { ciphertext: row.credentials_sealed, dataKey: row.data_key_sealed, keyId: row.key_id });
  return { owner: { accountId: row.account_id, environment: row.environment }, connection: toProcessorConnection(row, credentials, deps), adapter: adapterOf(row.provider) };
}

/** What payments use to charge through connections (payments/processors/connections.ts). */
export function connectionSourceOf(deps: ProviderDeps) {
  return {
    settings: deps.config.processors,
    async serving(ex: Executor, tenant: Tenant, method: PaymentMethod): Promise<LiveConnection | null> {
      let owner = tenant;
      if (tenant.environment === 'production') {
        const account = await getTenant(ex, { tenant, now: new Date() });
        if (account.collectionMode === 'managed') {
          // The operator's connections serve every managed account (docs/providers.md).
          if (!deps.config.managedProvidersAccountId) return null;
          owner = { accountId: deps.config.managedProvidersAccountId, environment: 'production' };
        }
      }
      const row = await repo.findServing(ex, owner, method);
      return row && processorNamed(row.provider) ? liveOf(row, deps) : null;
    },
    async byId(ex: Executor, connectionId: string): Promise<LiveConnection | null> {
      const row = await repo.findConnectionById(ex, connectionId);
      return row && processorNamed(row.provider) ? liveOf(row, deps) : null;
    },
  };
}

/** The connection a processor event names, when its token matches (constant time); null otherwise. */
export async function connectionForEvents(ex: Executor, deps: ProviderDeps, connectionId: string, token: string): Promise<LiveConnection | null> {
  const row = await repo.findConnectionById(ex, connectionId);
  if (!row || !sameToken(token, row.webhook_token) || !processorNamed(row.provider)) return null;
  return liveOf(row, deps);
}

/** Keeps a processor event once per (connection, eventId): true when it is new. */
export async function recordProcessorEvent(
  tx: Tx,
  connection: ProcessorConnection,
  event: { eventId: string; kind: string },
  state: 'applied' | 'waiting',
  now: Date,
): Promise<boolean> {
  return repo.insertEvent(tx, {
    connection_id: connection.id,
    event_id: event.eventId,
    kind: event.kind,
    state,
    event,
    received_at: now,
    applied_at: state === 'applied' ? now : null,
  });
}

/** How long an event waits for its charge: one naming a charge the service never recorded (its request rolled back and was not retried) stops being retried. */
const WAITING_DAYS = 7;

/** Events kept waiting for their charge (a refund before the confirmation), oldest first, locked. */
export async function waitingProcessorEvents(tx: Tx, connectionId: string, now: Date): Promise<Array<{ eventId: string; event: unknown }>> {
  const since = new Date(now.getTime() - WAITING_DAYS * 86_400_000);
  return (await repo.lockWaitingEvents(tx, connectionId, since, 100)).map((row) => ({ eventId: row.event_id, event: row.event }));
}

export async function markProcessorEventApplied(tx: Tx, connectionId: string, eventId: string, now: Date): Promise<void> {
  await repo.markEventApplied(tx, connectionId, eventId, now);
}
