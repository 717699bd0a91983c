import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { Coupon, CouponList, CouponParams, CreateCouponBody } from './schemas.ts';
import * as coupons from './service.ts';

const tags = ['coupons'];

export function registerCouponRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/coupons',
    {
      config: { scope: 'billing:write' },
      schema: {
        tags,
        summary: 'Create a coupon',
        description: 'A percentage off, redeemed by its code on one-off invoices (couponCode). 409 when the code exists whatever its case.',
        body: CreateCouponBody,
        response: { 201: Coupon, ...errorResponses(409, 413, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => coupons.createCoupon(tx, contextOf(request, deps), request.body)),
  );

  app.get(
    '/billing/coupons',
    {
      config: { scope: 'billing:read' },
      schema: { tags, summary: 'List coupons, newest first', querystring: ListQuery, response: { 200: CouponList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await coupons.listCoupons(deps.db, contextOf(request, deps), pageRequest(request.query));
      return { coupons: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/coupons/:couponID',
    {
      config: { scope: 'billing:read', resource: 'coupon' },
      schema: { tags, summary: 'One coupon', params: CouponParams, response: { 200: Coupon, ...errorResponses(404) } },
    },
    async (request) => coupons.getCoupon(deps.db, contextOf(request, deps), request.params.couponID),
  );

  app.post(
    '/billing/coupons/:couponID/archive',
    {
      config: { scope: 'billing:write', resource: 'coupon' },
      schema: {
        tags,
        summary: 'Archive a coupon',
        description: 'It can no longer be redeemed (422 coupon_archived); what it discounted stays. Archiving it again changes nothing.',
        params: CouponParams,
        response: { 200: Coupon, ...errorResponses(404) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => coupons.archiveCoupon(tx, contextOf(request, deps), request.params.couponID)),
  );
}
