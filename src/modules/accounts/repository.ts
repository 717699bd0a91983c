// SQL for accounts and API keys. Every function takes the executor (root or transaction) first.
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { AccountRow, ApiKeyRow } from './tables.ts';

export async function insertAccount(ex: Executor, row: AccountRow): Promise<void> {
  await ex.insertInto('accounts').values(row).execute();
}

export async function findAccount(ex: Executor, id: string): Promise<AccountRow | undefined> {
  return ex.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAccountBySlug(ex: Executor, slug: string): Promise<AccountRow | undefined> {
  return ex.selectFrom('accounts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function countAccounts(ex: Executor): Promise<number> {
  const row = await ex.selectFrom('accounts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateAccount(
  ex: Executor,
  id: string,
  patch: Partial<
    Pick<AccountRow, 'name' | 'slug' | 'terms_url' | 'support_email' | 'cnpj' | 'logo_url' | 'card_processor' | 'locale' | 'dunning_retry_days' | 'dunning_final_action' | 'updated_at'>
  >,
): Promise<AccountRow | undefined> {
  return ex.updateTable('accounts').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The account's locale setting (emails and invoice line text are written in it). */
export async function findLocaleSetting(ex: Executor, id: string): Promise<Pick<AccountRow, 'locale'> | undefined> {
  return ex.selectFrom('accounts').select(['locale']).where('id', '=', id).executeTakeFirst();
}

/** The account's dunning settings (subscriptions' retries read them at each step). */
export async function findDunningSettings(ex: Executor, id: string): Promise<Pick<AccountRow, 'dunning_retry_days' | 'dunning_final_action'> | undefined> {
  return ex.selectFrom('accounts').select(['dunning_retry_days', 'dunning_final_action']).where('id', '=', id).executeTakeFirst();
}

export async function insertApiKey(ex: Executor, row: ApiKeyRow): Promise<void> {
  await ex.insertInto('api_keys').values(row).execute();
}

export interface KeyWithAccountStatus extends ApiKeyRow {
  account_status: AccountRow['status'];
  sandbox_clock: Date | null;
}

/** Many keys in one query (the authenticator batches the keys of concurrent requests). */
export async function findKeysByHashes(ex: Executor, keyHashes: readonly string[]): Promise<KeyWithAccountStatus[]> {
  return ex
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('api_keys')
    .select(['accounts.status as account_status', 'accounts.sandbox_clock'])
    .where('api_keys.key_hash', 'in', keyHashes)
    .execute();
}

export async function listApiKeys(ex: Executor, tenant: Tenant, limit: number, afterId: string | null): Promise<ApiKeyRow[]> {
  let query = ex
    .selectFrom('api_keys')
    .selectAll()
    .where(forTenant(tenant));
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function findApiKey(ex: Executor, tenant: Tenant, id: string): Promise<ApiKeyRow | undefined> {
  return ex
    .selectFrom('api_keys')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function revokeApiKey(ex: Executor, tenant: Tenant, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  return ex
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where(forTenant(tenant))
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The newest unrevoked publishable key of the tenant whose full value is kept, if any. */
export async function findPublishableKeyValue(ex: Executor, tenant: Tenant): Promise<string | undefined> {
  const row = await ex
    .selectFrom('api_keys')
    .select('public_value')
    .where(forTenant(tenant))
    .where('type', '=', 'publishable')
    .where('revoked_at', 'is', null)
    .where('public_value', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.public_value ?? undefined;
}

/** The account's sandbox test clock, its row locked (advances of one account take turns). */
export async function lockSandboxClock(ex: Executor, accountId: string): Promise<Date | null> {
  const row = await ex.selectFrom('accounts').select('sandbox_clock').where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
  return row.sandbox_clock;
}

export async function setSandboxClock(ex: Executor, accountId: string, to: Date | null): Promise<void> {
  await ex.updateTable('accounts').set({ sandbox_clock: to }).where('id', '=', accountId).execute();
}
