import type { TenantColumns } from '../../db/schema.ts';

export type CouponDuration = 'once' | 'repeating' | 'forever';

export interface CouponRow extends TenantColumns {
  id: string;
  code: string;
  percent_off: string;
  duration: CouponDuration;
  duration_in_cycles: number | null;
  max_redemptions: number | null;
  redeem_by: Date | null;
  times_redeemed: number;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CouponRedemptionRow extends TenantColumns {
  id: string;
  coupon_id: string;
  invoice_id: string | null;
  created_at: Date;
}

export interface CouponTables {
  coupons: CouponRow;
  coupon_redemptions: CouponRedemptionRow;
}
