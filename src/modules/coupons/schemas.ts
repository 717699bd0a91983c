import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, Nullable, Uuid } from '../../http/schemas.ts';

const Duration = Type.Union([Type.Literal('once'), Type.Literal('repeating'), Type.Literal('forever')], {
  description: '`once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration.',
});

export const CouponParams = Type.Object({ couponID: Uuid() });

export const CreateCouponBody = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$', description: 'What customers type: letters, digits, _ and -, up to 64; unique whatever the case.' }),
    percentOff: DecimalString({ description: 'More than 0 and at most 100, up to 4 decimals.' }),
    duration: Duration,
    durationInCycles: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200, description: 'Required with duration repeating, refused otherwise.' })),
    maxRedemptions: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Total redemptions allowed; unlimited when absent.' })),
    redeemBy: Type.Optional(DateTimeInput({ description: 'Last instant it can be redeemed (in the future).' })),
  },
  { additionalProperties: false },
);

export const Coupon = Type.Object(
  {
    id: Uuid(),
    code: Type.String(),
    percentOff: DecimalString(),
    duration: Duration,
    durationInCycles: Nullable(Type.Integer()),
    maxRedemptions: Nullable(Type.Integer()),
    redeemBy: Nullable(DateTime()),
    timesRedeemed: Type.Integer(),
    status: Type.Union([Type.Literal('active'), Type.Literal('archived'), Type.Literal('expired'), Type.Literal('exhausted')], {
      description: '`active` while it can be redeemed; `archived`, `expired` (past redeemBy) or `exhausted` (maxRedemptions reached) otherwise.',
    }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Coupon' },
);

export const CouponList = Type.Object({ coupons: Type.Array(Coupon), nextCursor: Nullable(Type.String()) });
