// The door of modules/coupons: the only file other areas import (docs/ARCHITECTURE.md).
export { registerCouponRoutes } from './routes.ts';
export { couponDiscountLine, couponPercentOff, discountLineFor, recordRedemption, redeemCoupon } from './service.ts';
export { type CouponTables } from './tables.ts';
