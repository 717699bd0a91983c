// SQL of the Rail: settings per tenant and the settled authorizations. Executor first.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { RailReceiptRow, RailRelayerRow, RailRemoteFacilitatorRow, RailSettingsRow, RailSettlementRow } from './tables.ts';

const jsonb = (value: unknown) => JSON.stringify(value) as never;

export async function findSettings(ex: Executor, tenant: Tenant): Promise<RailSettingsRow | undefined> {
  return ex.selectFrom('rail_settings').selectAll().where(forTenant(tenant)).executeTakeFirst();
}

/** Inserts or replaces the tenant's settings; the first created_at stays. */
export async function upsertSettings(ex: Executor, row: RailSettingsRow): Promise<RailSettingsRow> {
  return ex
    .insertInto('rail_settings')
    .values({ ...row, grace: jsonb(row.grace), facilitator: jsonb(row.facilitator), asset_domain: row.asset_domain === null ? null : jsonb(row.asset_domain) })
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment']).doUpdateSet((eb) => ({
        network: eb.ref('excluded.network'),
        asset: eb.ref('excluded.asset'),
        asset_decimals: eb.ref('excluded.asset_decimals'),
        pay_to: eb.ref('excluded.pay_to'),
        grace: eb.ref('excluded.grace'),
        facilitator: eb.ref('excluded.facilitator'),
        asset_domain: eb.ref('excluded.asset_domain'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AuthorizationKey {
  network: string;
  asset: string;
  payer: string;
  nonce: string;
}

/**
 * Claims an authorization: inserts its settlement unless (network, asset, payer, nonce) exists.
 * A concurrent claim of the same one waits on the unique index until the first commits, then
 * finds it taken (or takes it, when the first rolled back). True when this call claimed it.
 */
export async function claimSettlement(ex: Executor, row: RailSettlementRow): Promise<boolean> {
  const inserted = await ex
    .insertInto('rail_settlements')
    .values(row.payment ? { ...row, payment: jsonb(row.payment) } : row)
    .onConflict((oc) => oc.columns(['network', 'asset', 'payer', 'nonce']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Claims an authorization for a charge of the hosted checkout: as claimSettlement, and refused too
 * when the charge has a settlement already (rail_settlements_one_per_charge). True when claimed.
 */
export async function claimWalletSettlement(ex: Executor, row: RailSettlementRow): Promise<boolean> {
  const inserted = await ex.insertInto('rail_settlements').values(row).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/** The settlement of a checkout charge (reserved or settled), if any. */
export async function findWalletSettlement(ex: Executor, tenant: Tenant, paymentId: string): Promise<RailSettlementRow | undefined> {
  return ex.selectFrom('rail_settlements').selectAll().where(forTenant(tenant)).where('payment_id', '=', paymentId).where('meter_id', 'is', null).executeTakeFirst();
}

export async function findSettlement(ex: Executor, key: AuthorizationKey): Promise<RailSettlementRow | undefined> {
  return ex
    .selectFrom('rail_settlements')
    .selectAll()
    .where('network', '=', key.network)
    .where('asset', '=', key.asset)
    .where('payer', '=', key.payer)
    .where('nonce', '=', key.nonce)
    .executeTakeFirst();
}

export async function completeSettlement(
  ex: Executor,
  id: string,
  links: Pick<RailSettlementRow, 'customer_id' | 'enrollment_id' | 'usage_event_id' | 'invoice_id' | 'payment_id'>,
): Promise<void> {
  await ex.updateTable('rail_settlements').set(links).where('id', '=', id).execute();
}

/** The transaction submitted for a reserved settlement (written as soon as it is known: a crash after it leaves the hash to look up). */
export async function setSubmittedTransaction(ex: Executor, id: string, transaction: string): Promise<void> {
  await ex.updateTable('rail_settlements').set({ transaction }).where('id', '=', id).where('state', '=', 'submitting').execute();
}

/** Frees a reservation whose transaction did not happen on chain (refused before sending, or reverted). */
export async function releaseReservation(ex: Executor, id: string): Promise<void> {
  await ex.deleteFrom('rail_settlements').where('id', '=', id).where('state', '=', 'submitting').execute();
}

/** Marks a reserved settlement settled; false when another process did first (it records, not this one). */
export async function markSettled(ex: Executor, id: string, transaction: string): Promise<boolean> {
  const updated = await ex.updateTable('rail_settlements').set({ state: 'settled', transaction }).where('id', '=', id).where('state', '=', 'submitting').returning('id').executeTakeFirst();
  return updated !== undefined;
}

/** Reservations still `submitting` made before `before`, oldest first, across tenants (the recovery job). */
export async function stuckReservations(ex: Executor, before: Date, limit: number): Promise<RailSettlementRow[]> {
  return ex.selectFrom('rail_settlements').selectAll().where('state', '=', 'submitting').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
}

export async function findRelayer(ex: Executor, tenant: Tenant): Promise<RailRelayerRow | undefined> {
  return ex.selectFrom('rail_relayers').selectAll().where(forTenant(tenant)).executeTakeFirst();
}

/** Inserts or replaces the tenant's relayer; the first id and created_at stay (the seal's additional data is the id). */
export async function upsertRelayer(ex: Executor, row: RailRelayerRow): Promise<RailRelayerRow> {
  return ex
    .insertInto('rail_relayers')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment']).doUpdateSet((eb) => ({
        address: eb.ref('excluded.address'),
        key_sealed: eb.ref('excluded.key_sealed'),
        data_key_sealed: eb.ref('excluded.data_key_sealed'),
        key_id: eb.ref('excluded.key_id'),
        low_balance_since: null,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRelayer(ex: Executor, tenant: Tenant): Promise<RailRelayerRow | undefined> {
  return ex.deleteFrom('rail_relayers').where(forTenant(tenant)).returningAll().executeTakeFirst();
}

export async function findRemoteFacilitator(ex: Executor, tenant: Tenant): Promise<RailRemoteFacilitatorRow | undefined> {
  return ex.selectFrom('rail_remote_facilitators').selectAll().where(forTenant(tenant)).executeTakeFirst();
}

export async function upsertRemoteFacilitator(ex: Executor, row: RailRemoteFacilitatorRow): Promise<RailRemoteFacilitatorRow> {
  return ex
    .insertInto('rail_remote_facilitators')
    .values({ ...row, headers_shown: jsonb(row.headers_shown) })
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment']).doUpdateSet((eb) => ({
        url: eb.ref('excluded.url'),
        headers_shown: eb.ref('excluded.headers_shown'),
        headers_sealed: eb.ref('excluded.headers_sealed'),
        data_key_sealed: eb.ref('excluded.data_key_sealed'),
        key_id: eb.ref('excluded.key_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRemoteFacilitator(ex: Executor, tenant: Tenant): Promise<RailRemoteFacilitatorRow | undefined> {
  return ex.deleteFrom('rail_remote_facilitators').where(forTenant(tenant)).returningAll().executeTakeFirst();
}

/**
 * Records the relayer's balance state; true when it just fell under the threshold (the caller
 * records the event once), false when it was under already or is over.
 */
export async function noteRelayerBalance(ex: Executor, id: string, low: boolean, now: Date): Promise<boolean> {
  if (!low) {
    await ex.updateTable('rail_relayers').set({ low_balance_since: null }).where('id', '=', id).where('low_balance_since', 'is not', null).execute();
    return false;
  }
  const updated = await ex.updateTable('rail_relayers').set({ low_balance_since: now }).where('id', '=', id).where('low_balance_since', 'is', null).returning('id').executeTakeFirst();
  return updated !== undefined;
}

/** Every relayer of every tenant, oldest first (the periodic gas watch reads each one's balance). */
export async function allRelayers(ex: Executor): Promise<RailRelayerRow[]> {
  return ex.selectFrom('rail_relayers').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** Serialises first sight of an agent wallet in a tenant (its customer and enrollment are made once). */
export async function lockAgent(ex: Executor, tenant: Tenant, externalId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`rail-agent:${tenant.accountId}:${tenant.environment}:${externalId}`}, 0))`.execute(ex);
}

/** The receipt invoice of a Rail settlement of the enrollment inside [from, to), if any. */
export async function findReceiptIn(ex: Executor, tenant: Tenant, enrollmentId: string, from: Date, to: Date): Promise<{ invoiceId: string | null } | undefined> {
  const row = await ex
    .selectFrom('rail_settlements')
    .select('invoice_id')
    .where(forTenant(tenant))
    .where('enrollment_id', '=', enrollmentId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .limit(1)
    .executeTakeFirst();
  return row && { invoiceId: row.invoice_id };
}

/**
 * Product and meter keys whose default version prices the meter per unit at `unitPrice` (a USD
 * product): the Rail routes a seller's requirements may mean when they name no product. Read with
 * the catalog's tables joined, as the point of the query is the join (docs/ARCHITECTURE.md).
 */
export async function routesPricedAt(ex: Executor, tenant: Tenant, currency: string, unitPrice: string, limit: number): Promise<Array<{ productKey: string; meterKey: string }>> {
  return ex
    .selectFrom('products as p')
    .innerJoin('product_versions as v', (join) => join.onRef('v.product_id', '=', 'p.id').on('v.is_default', '=', true))
    .innerJoin('prices as pr', 'pr.version_id', 'v.id')
    .innerJoin('meters as m', 'm.id', 'pr.meter_id')
    .select(['p.key as productKey', 'm.key as meterKey'])
    .where(forTenant(tenant, 'p'))
    .where('p.currency', '=', currency)
    .where('pr.model', '=', 'per_unit')
    .where(sql<boolean>`pr.unit_price = ${unitPrice}::numeric`)
    .orderBy('p.key')
    .orderBy('m.key')
    .limit(limit)
    .execute();
}

/** Relayers whose data key is sealed under another master key than `keyId`, locked for re-wrapping. */
export async function relayersSealedElsewhere(ex: Executor, keyId: string): Promise<RailRelayerRow[]> {
  return ex.selectFrom('rail_relayers').selectAll().where('key_id', '<>', keyId).forUpdate().execute();
}

export async function resealRelayer(ex: Executor, id: string, sealed: { dataKey: string; keyId: string }): Promise<void> {
  await ex.updateTable('rail_relayers').set({ data_key_sealed: sealed.dataKey, key_id: sealed.keyId }).where('id', '=', id).execute();
}

/** Remote facilitators whose data key is sealed under another master key than `keyId`, locked for re-wrapping. */
export async function remoteFacilitatorsSealedElsewhere(ex: Executor, keyId: string): Promise<RailRemoteFacilitatorRow[]> {
  return ex.selectFrom('rail_remote_facilitators').selectAll().where('key_id', '<>', keyId).forUpdate().execute();
}

export async function resealRemoteFacilitator(ex: Executor, id: string, sealed: { dataKey: string; keyId: string }): Promise<void> {
  await ex.updateTable('rail_remote_facilitators').set({ data_key_sealed: sealed.dataKey, key_id: sealed.keyId }).where('id', '=', id).execute();
}

/** The invoice id of an enrollment's receipt of a UTC day ('YYYY-MM-DD'). */
export async function findReceiptOfDay(ex: Executor, tenant: Tenant, enrollmentId: string, day: string): Promise<string | undefined> {
  const row = await ex.selectFrom('rail_receipts').select('invoice_id').where(forTenant(tenant)).where('enrollment_id', '=', enrollmentId).where(sql<boolean>`day = ${day}::date`).executeTakeFirst();
  return row?.invoice_id;
}

/** Serialises the making of an enrollment's receipt of a day (concurrent first requests take turns). */
export async function lockReceiptOfDay(ex: Executor, enrollmentId: string, day: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`rail-receipt:${enrollmentId}:${day}`}, 0))`.execute(ex);
}

export async function insertReceipt(ex: Executor, row: RailReceiptRow): Promise<void> {
  await ex.insertInto('rail_receipts').values(row).execute();
}

/** The last settlement paying an invoice: when it was recorded (real time) and its payment. */
export async function lastSettlementOf(ex: Executor, tenant: Tenant, invoiceId: string): Promise<{ at: Date; paymentId: string | null } | null> {
  const row = await ex.selectFrom('rail_settlements').select(['created_at', 'payment_id']).where(forTenant(tenant)).where('invoice_id', '=', invoiceId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row ? { at: new Date(row.created_at), paymentId: row.payment_id } : null;
}

export async function markReceiptClosed(ex: Executor, tenant: Tenant, invoiceId: string, at: Date): Promise<void> {
  await ex.updateTable('rail_receipts').set({ closed_at: at }).where(forTenant(tenant)).where('invoice_id', '=', invoiceId).execute();
}

/**
 * Open receipts of ended days, oldest first: days before `openBefore` ('YYYY-MM-DD', from the real
 * time), except a sandbox on a test clock, whose days end by its clock (`marginMs` before it).
 * With `tenant`, that tenant's only (an advance of its clock closes what it ended).
 */
export async function openReceiptsBefore(ex: Executor, openBefore: string, marginMs: number, limit: number, tenant?: Tenant): Promise<Array<Pick<RailReceiptRow, 'account_id' | 'environment' | 'invoice_id'>>> {
  const clockDay = sql<string | null>`(select ((a.sandbox_clock - make_interval(secs => ${marginMs / 1000})) at time zone 'UTC')::date from accounts a where a.id = rail_receipts.account_id and rail_receipts.environment = 'sandbox')`;
  let query = ex
    .selectFrom('rail_receipts')
    .select(['account_id', 'environment', 'invoice_id'])
    .where('closed_at', 'is', null)
    .where(sql<boolean>`day < coalesce(${clockDay}, ${openBefore}::date)`);
  if (tenant) query = query.where(forTenant(tenant));
  return query.orderBy('day').limit(limit).execute();
}

/** Locks a receipt still open; false when another process closed it meanwhile. */
export async function lockOpenReceipt(ex: Executor, tenant: Tenant, invoiceId: string): Promise<boolean> {
  const row = await ex.selectFrom('rail_receipts').select('invoice_id').where(forTenant(tenant)).where('invoice_id', '=', invoiceId).where('closed_at', 'is', null).forUpdate().executeTakeFirst();
  return row !== undefined;
}
