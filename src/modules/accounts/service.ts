// Accounts, their keys and authentication.
// Invariants: a key is stored only as a hash and shown once; a revoked key stops working at once
// (every request reads the key's row: before the route runs, or, on routes that take the key's
// unchanging facts from memory, in the route's own write or before its answer leaves); an
// account's sandbox always collects `byop`.
import type { Db, Executor, Tx } from '../../db/database.ts';
import type { Environment, UseCaseContext } from '../../core/context.ts';
import type { Locale } from '../../core/locale.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordEvent } from '../events/index.ts';
import { createOwner, type CreatedOwner } from '../members/index.ts';
import * as repo from './repository.ts';
import { assertMayGrant, assertMayRevoke, type CallingKey } from './key-scopes.ts';
import { generateKey, hashKey, redactKey, SCOPES, type Scope } from './keys.ts';
import { isValidSlug, slugFromName } from './slugs.ts';
import { normaliseCnpj } from './cnpj.ts';
import type { AccountRow, ApiKeyRow, DunningFinalAction, KeyType } from './tables.ts';

export {
  createAuthenticator,
  keyRefusal,
  type AuthContext,
  type Authenticator,
  type KeyRefusedState,
  type KeyState,
  type UnconfirmedKey,
} from './authenticator.ts';

export interface AccountView {
  id: string;
  slug: string;
  name: string;
  status: AccountRow['status'];
  collectionMode: AccountRow['collection_mode'];
  termsUrl: string | null;
  supportEmail: string | null;
  cnpj: string | null;
  logoUrl: string | null;
  cardProcessor: AccountRow['card_processor'];
  locale: Locale | null;
  dunning: DunningSettings;
  createdAt: Date;
  updatedAt: Date;
}

/** The dunning of the account's charge_automatically subscriptions (subscriptions/dunning.ts). */
export interface DunningSettings {
  /** Days after the first failed automatic charge when a retry charges again; strictly increasing. */
  retryDays: number[];
  /** After the last retry fails: cancel, or leave the subscription past_due and its invoices open. */
  finalAction: DunningFinalAction;
}

/** The settings of a new account (and of every account before migration 0026). */
export const DEFAULT_DUNNING: Readonly<DunningSettings> = Object.freeze({ retryDays: [1, 3, 5, 7], finalAction: 'cancel' });
/** 1 to MAX_RETRIES retries, each 1 to MAX_RETRY_DAY days after the first failure. */
export const MAX_RETRIES = 8;
export const MAX_RETRY_DAY = 60;

export interface IssuedKey {
  id: string;
  type: KeyType;
  environment: Environment;
  key: string;
  scopes: string[];
}

export interface KeyView {
  id: string;
  type: KeyType;
  environment: Environment;
  name: string | null;
  redactedKey: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

export function toAccountView(row: AccountRow, environment: Environment): AccountView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    collectionMode: environment === 'sandbox' ? 'byop' : row.collection_mode,
    termsUrl: row.terms_url,
    supportEmail: row.support_email,
    cnpj: row.cnpj,
    logoUrl: row.logo_url,
    cardProcessor: row.card_processor,
    locale: row.locale,
    dunning: { retryDays: row.dunning_retry_days, finalAction: row.dunning_final_action },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toKeyView(row: ApiKeyRow): KeyView {
  return {
    id: row.id,
    type: row.type,
    environment: row.environment,
    name: row.name,
    redactedKey: row.redacted,
    scopes: row.scopes,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

async function issueKey(
  tx: Executor,
  accountId: string,
  type: KeyType,
  environment: Environment,
  scopes: string[],
  name: string | null,
  now: Date,
): Promise<IssuedKey> {
  const key = generateKey(type, environment);
  const id = newId();
  await repo.insertApiKey(tx, {
    id,
    account_id: accountId,
    environment,
    type,
    key_hash: hashKey(key),
    redacted: redactKey(key),
    name,
    scopes,
    public_value: type === 'publishable' ? key : null,
    created_at: now,
    revoked_at: null,
  });
  return { id, type, environment, key, scopes };
}

/** An account's first owner; `signInToken` is the one-time sign-in link's when no password was given. */
export type NewOwner = Pick<CreatedOwner, 'id' | 'email' | 'signInToken'> & { role: 'owner' };

/**
 * Operator use case: a new account with one secret and one publishable key per environment, and
 * its owner (a dashboard member) when `owner` is given.
 */
export async function createAccount(
  tx: Tx,
  input: { name: string; slug?: string; owner?: { email: string; password?: string } },
  now: Date,
  options: { sandboxSecretKeyOnly?: boolean } = {},
): Promise<{ account: AccountView; keys: IssuedKey[]; owner?: NewOwner }> {
  if (input.slug !== undefined && !isValidSlug(input.slug)) {
    throw fieldError('slug', input.slug, 'slug', '3 to 40 lowercase letters, digits and single dashes, not a reserved word');
  }
  const slug = input.slug ?? slugFromName(input.name);
  const row: AccountRow = {
    id: newId(),
    slug,
    name: input.name,
    status: 'active',
    collection_mode: 'byop',
    terms_url: null,
    support_email: null,
    cnpj: null,
    logo_url: null,
    card_processor: 'processor_b',
    locale: null,
    dunning_retry_days: [...DEFAULT_DUNNING.retryDays],
    dunning_final_action: DEFAULT_DUNNING.finalAction,
    sandbox_clock: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insertAccount(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', `The slug "${slug}" is taken.`);
    throw error;
  }
  const keys: IssuedKey[] = [];
  // A throwaway test account gets one sandbox secret key and nothing else: keys are only ever made
  // in the calling key's environment, so it can never come to hold a live key.
  if (options.sandboxSecretKeyOnly) {
    keys.push(await issueKey(tx, row.id, 'secret', 'sandbox', [...SCOPES], null, now));
    return { account: toAccountView(row, 'sandbox'), keys };
  }
  for (const environment of ['sandbox', 'production'] as const) {
    keys.push(await issueKey(tx, row.id, 'secret', environment, [...SCOPES], null, now));
    keys.push(await issueKey(tx, row.id, 'publishable', environment, [], null, now));
  }
  if (!input.owner) return { account: toAccountView(row, 'sandbox'), keys };
  const owner = await createOwner(tx, row.id, input.owner, now);
  return { account: toAccountView(row, 'sandbox'), keys, owner: { id: owner.id, email: owner.email, role: 'owner', signInToken: owner.signInToken } };
}

export async function countAccounts(db: Db): Promise<number> {
  return repo.countAccounts(db);
}


export async function getTenant(ex: Executor, ctx: UseCaseContext): Promise<AccountView> {
  const row = await repo.findAccount(ex, ctx.tenant.accountId);
  if (!row) throw notFound('account');
  return toAccountView(row, ctx.tenant.environment);
}

/** What a payer's page may show of an account: its public branding, found by slug. */
export interface PublicAccount {
  id: string;
  slug: string;
  name: string;
  supportEmail: string | null;
  /** The seller's CNPJ, normalised (formatCnpj shows it); null when not set. */
  cnpj: string | null;
  logoUrl: string | null;
  termsUrl: string | null;
  /** False for a suspended or closed account: it sells nothing new (its invoices' pages still open). */
  active: boolean;
}

/** What `GET /public/accounts/{slug}` shows: the branding a checkout page shows, nothing else. */
export interface PublicBranding {
  slug: string;
  name: string;
  logoUrl: string | null;
  supportEmail: string | null;
  cnpj: string | null;
  termsUrl: string | null;
}

/** The branding of an active account, or null (unknown slug, suspended or closed account). */
export async function findPublicBranding(ex: Executor, slug: string): Promise<PublicBranding | null> {
  const account = await findPublicAccount(ex, slug);
  if (!account?.active) return null;
  return { slug: account.slug, name: account.name, logoUrl: account.logoUrl, supportEmail: account.supportEmail, cnpj: account.cnpj, termsUrl: account.termsUrl };
}

/** The account of a public slug (checkout pages), or null. */
export async function findPublicAccount(ex: Executor, slug: string): Promise<PublicAccount | null> {
  if (!isValidSlug(slug)) return null;
  const row = await repo.findAccountBySlug(ex, slug);
  if (!row) return null;
  return { id: row.id, slug: row.slug, name: row.name, supportEmail: row.support_email, cnpj: row.cnpj, logoUrl: row.logo_url, termsUrl: row.terms_url, active: row.status === 'active' };
}

export interface TenantPatch {
  name?: string;
  slug?: string;
  termsUrl?: string | null;
  supportEmail?: string | null;
  cnpj?: string | null;
  logoUrl?: string | null;
  cardProcessor?: AccountRow['card_processor'];
  locale?: Locale | null;
  /** Either or both; what is left out stays as it is. */
  dunning?: Partial<DunningSettings>;
}

/**
 * Refuses a retry schedule outside 1 to 8 days, each 1 to 60, strictly increasing (422 naming
 * `dunning.retryDays`, or the element); the route's schema checks all but the order first.
 */
function assertRetryDays(days: readonly number[]): void {
  const field = 'dunning.retryDays';
  if (days.length < 1 || days.length > MAX_RETRIES) throw fieldError(field, days, days.length < 1 ? 'minItems' : 'maxItems', `must hold 1 to ${MAX_RETRIES} days`);
  days.forEach((day, i) => {
    if (!Number.isInteger(day) || day < 1 || day > MAX_RETRY_DAY) throw fieldError(`${field}[${i}]`, day, 'retry_day', `must be a whole number of days from 1 to ${MAX_RETRY_DAY}`);
  });
  const i = days.findIndex((day, k) => k > 0 && day <= days[k - 1]!);
  if (i > 0) throw fieldError(field, days, 'strictly_increasing', `must be strictly increasing: day ${days[i]} does not come after day ${days[i - 1]}`);
}

/** The dunning settings in force for the account, read in the caller's transaction. */
export async function dunningSettingsOf(ex: Executor, accountId: string): Promise<DunningSettings> {
  const row = await repo.findDunningSettings(ex, accountId);
  if (!row) throw notFound('account');
  return { retryDays: row.dunning_retry_days, finalAction: row.dunning_final_action };
}

/**
 * Updates the account and records `account.updated` in both of its environments: the account (name,
 * slug, support email) is shared by both, and a slug change moves the links of both.
 */
export async function updateTenant(tx: Tx, ctx: UseCaseContext, patch: TenantPatch): Promise<AccountView> {
  if (patch.slug !== undefined && !isValidSlug(patch.slug)) {
    throw fieldError('slug', patch.slug, 'slug', '3 to 40 lowercase letters, digits and single dashes, not a reserved word');
  }
  if (patch.dunning?.retryDays !== undefined) assertRetryDays(patch.dunning.retryDays);
  let row: AccountRow | undefined;
  try {
    row = await repo.updateAccount(tx, ctx.tenant.accountId, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.slug !== undefined && { slug: patch.slug }),
      ...(patch.termsUrl !== undefined && { terms_url: patch.termsUrl }),
      ...(patch.supportEmail !== undefined && { support_email: patch.supportEmail }),
      ...(patch.cnpj !== undefined && { cnpj: patch.cnpj === null ? null : normaliseCnpj(patch.cnpj) }),
      ...(patch.logoUrl !== undefined && { logo_url: patch.logoUrl }),
      ...(patch.cardProcessor !== undefined && { card_processor: patch.cardProcessor }),
      ...(patch.locale !== undefined && { locale: patch.locale }),
      ...(patch.dunning?.retryDays !== undefined && { dunning_retry_days: [...patch.dunning.retryDays] }),
      ...(patch.dunning?.finalAction !== undefined && { dunning_final_action: patch.dunning.finalAction }),
      updated_at: ctx.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', `The slug "${patch.slug}" is taken.`);
    throw error;
  }
  if (!row) throw notFound('account');
  for (const environment of ['sandbox', 'production'] as const) {
    const tenant = { accountId: row.id, environment };
    await recordEvent(tx, { ...ctx, tenant }, 'account.updated', toAccountView(row, environment));
  }
  return toAccountView(row, ctx.tenant.environment);
}

/**
 * A restricted secret key for the caller's environment; the full key is in this response only.
 * Its scopes must be ones the calling key holds (403 otherwise). The event carries the key's
 * listing view: redacted, never the key.
 */
export async function createRestrictedKey(
  tx: Tx,
  ctx: UseCaseContext,
  caller: CallingKey,
  input: { name?: string; scopes: Scope[] },
): Promise<IssuedKey & { name: string | null; createdAt: Date }> {
  const scopes = [...new Set(input.scopes)];
  assertMayGrant(caller, scopes);
  const issued = await issueKey(tx, ctx.tenant.accountId, 'secret', ctx.tenant.environment, scopes, input.name ?? null, ctx.now);
  const view: KeyView = {
    id: issued.id,
    type: issued.type,
    environment: issued.environment,
    name: input.name ?? null,
    redactedKey: redactKey(issued.key),
    scopes,
    createdAt: ctx.now,
    revokedAt: null,
  };
  await recordEvent(tx, ctx, 'api_key.created', view);
  return { ...issued, name: input.name ?? null, createdAt: ctx.now };
}

export async function listKeys(ex: Executor, ctx: UseCaseContext, page: PageRequest): Promise<Page<KeyView>> {
  const rows = await repo.listApiKeys(ex, ctx.tenant, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: result.items.map(toKeyView), nextCursor: result.nextCursor };
}

/**
 * Refuses (403) revoking a key whose scopes the calling key lacks. Run before the idempotent work,
 * since a 403 is not stored; a key's type and scopes never change, so reading it first is safe.
 * An unknown key passes here and is the 404 of revokeKey.
 */
export async function assertMayRevokeKey(ex: Executor, ctx: UseCaseContext, caller: CallingKey, keyId: string): Promise<void> {
  const target = await repo.findApiKey(ex, ctx.tenant, keyId);
  if (target) assertMayRevoke(caller, target);
}

/**
 * Revokes a key of the caller's environment (the route checks assertMayRevokeKey first). Revoking
 * the key making the call is allowed. `api_key.revoked` is recorded once, when the key stops working.
 */
export async function revokeKey(tx: Tx, ctx: UseCaseContext, caller: CallingKey, keyId: string): Promise<KeyView> {
  const existing = await repo.findApiKey(tx, ctx.tenant, keyId);
  if (!existing) throw notFound('api_key');
  assertMayRevoke(caller, existing);
  const revoked = await repo.revokeApiKey(tx, ctx.tenant, keyId, ctx.now);
  if (!revoked) return toKeyView(existing); // already revoked: revoking again changes nothing
  const view = toKeyView(revoked);
  await recordEvent(tx, ctx, 'api_key.revoked', view);
  return view;
}

/**
 * The tenant's publishable key in full, for a card charge's `publishableKey`: the newest live
 * (unrevoked) publishable key whose value is kept. Keys issued before values were kept (migration
 * 0018) cannot be shown again, so when none is left a new one is issued in the caller's transaction
 * (it then appears in GET /account/keys).
 */
export async function publishableKeyFor(tx: Tx, ctx: UseCaseContext): Promise<string> {
  const kept = await repo.findPublishableKeyValue(tx, ctx.tenant);
  if (kept) return kept;
  const issued = await issueKey(tx, ctx.tenant.accountId, 'publishable', ctx.tenant.environment, [], null, ctx.now);
  return issued.key;
}

/** The card processor whose nextAction shape the tenant's card charges take. */
export async function cardProcessorOf(ex: Executor, accountId: string): Promise<AccountRow['card_processor']> {
  const row = await repo.findAccount(ex, accountId);
  if (!row) throw notFound('account');
  return row.card_processor;
}

export { localeFor, localeSettingOf } from './locale-setting.ts';
export { advanceSandboxClock, clearSandboxClock, contextAsOfClock, lockSandboxClockOf, readSandboxClock } from './sandbox-clock.ts';
