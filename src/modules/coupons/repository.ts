// SQL for coupons and their redemptions. Every function takes the executor first.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { CouponRedemptionRow, CouponRow } from './tables.ts';

export async function insertCoupon(ex: Executor, row: CouponRow): Promise<void> {
  await ex.insertInto('coupons').values(row).execute();
}

export async function findCoupon(ex: Executor, tenant: Tenant, id: string): Promise<CouponRow | undefined> {
  return ex.selectFrom('coupons').selectAll().where(forTenant(tenant)).where('id', '=', id).executeTakeFirst();
}

/** By code, whatever its case. */
export async function findCouponByCode(ex: Executor, tenant: Tenant, code: string): Promise<CouponRow | undefined> {
  return ex
    .selectFrom('coupons')
    .selectAll()
    .where(forTenant(tenant))
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export async function listCoupons(ex: Executor, tenant: Tenant, limit: number, afterId: string | null): Promise<CouponRow[]> {
  let query = ex.selectFrom('coupons').selectAll().where(forTenant(tenant));
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/**
 * Counts one redemption if the coupon may still be redeemed at `now`; undefined otherwise. The
 * row lock makes concurrent redemptions take turns, each re-checking the count it sees.
 */
export async function claimRedemption(ex: Executor, id: string, now: Date): Promise<CouponRow | undefined> {
  return ex
    .updateTable('coupons')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('redeem_by', 'is', null), eb('redeem_by', '>', now)]))
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('times_redeemed', '<', eb.ref('max_redemptions'))]))
    .returningAll()
    .executeTakeFirst();
}

export async function insertRedemption(ex: Executor, row: CouponRedemptionRow): Promise<void> {
  await ex.insertInto('coupon_redemptions').values(row).execute();
}

export async function archiveCoupon(ex: Executor, id: string, now: Date): Promise<CouponRow> {
  return ex
    .updateTable('coupons')
    .set({ archived_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
