// Enrollments and rate cards. Rate-card paths are the interface's: /customers/{enrollmentID}/rate-cards,
// where the path value is the customer's enrollment id, not the customer id.
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  CreateEnrollmentBody,
  CreateRateCardBody,
  CustomerParams,
  Enrollment,
  EnrollmentList,
  EnrollmentParams,
  RateCard,
  RateCardList,
  RateCardParams,
} from './schemas.ts';
import * as customers from './service.ts';

const tags = ['customers'];

export function registerEnrollmentRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/customers/:customerID/enrollments',
    {
      config: { scope: 'customers:write', resource: 'customer' },
      schema: {
        tags,
        summary: 'Enroll a customer in a product',
        description:
          "At `productVersionId` (a published version) or the product's default version (422 `no_default_version` when it has none). " +
          'A customer has at most one enrollment per product that is not canceled (409).',
        params: CustomerParams,
        body: CreateEnrollmentBody,
        response: { 201: Enrollment, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, (tx) => customers.createEnrollment(tx, contextOf(request, deps), request.params.customerID, request.body)),
  );

  app.get(
    '/customers/:customerID/enrollments',
    {
      config: { scope: 'customers:read', resource: 'customer' },
      schema: { tags, summary: "A customer's enrollments", params: CustomerParams, querystring: ListQuery, response: { 200: EnrollmentList, ...errorResponses(404, 422) } },
    },
    async (request) => {
      const page = await customers.listCustomerEnrollments(deps.db, contextOf(request, deps), request.params.customerID, pageRequest(request.query));
      return { enrollments: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/enrollments/:enrollmentID',
    {
      config: { scope: 'customers:read', resource: 'enrollment' },
      schema: { tags, summary: 'Get an enrollment', params: EnrollmentParams, response: { 200: Enrollment, ...errorResponses(404) } },
    },
    async (request) => customers.getEnrollment(deps.db, contextOf(request, deps), request.params.enrollmentID),
  );

  app.post(
    '/customers/:enrollmentID/rate-cards',
    {
      config: { scope: 'customers:write', resource: 'enrollment' },
      schema: {
        tags: ['rate cards'],
        summary: 'Give an enrollment its own prices',
        description:
          "The path value is the enrollment id. From effectiveFrom (default now) until it is deleted, the card's prices replace the version's whole price list. " +
          'At most one card is in effect at any instant: a card starting before another one ends answers 409 conflict (delete the first); ' +
          'a card starting inside an already invoiced period answers 409 usage_already_invoiced.',
        params: EnrollmentParams,
        body: CreateRateCardBody,
        response: { 201: RateCard, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, (tx) => customers.createRateCard(tx, contextOf(request, deps), request.params.enrollmentID, request.body)),
  );

  app.get(
    '/customers/:enrollmentID/rate-cards',
    {
      config: { scope: 'customers:read', resource: 'enrollment' },
      schema: {
        tags: ['rate cards'],
        summary: "An enrollment's rate cards",
        description: 'Newest first, deleted ones included, each with the range it prices (effectiveFrom, effectiveTo).',
        params: EnrollmentParams,
        querystring: ListQuery,
        response: { 200: RateCardList, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const page = await customers.listRateCards(deps.db, contextOf(request, deps), request.params.enrollmentID, pageRequest(request.query));
      return { rateCards: page.items, nextCursor: page.nextCursor };
    },
  );

  app.delete(
    '/customers/:enrollmentID/rate-cards/:rateCardID',
    {
      config: { scope: 'customers:write', resource: 'rate_card' },
      schema: {
        tags: ['rate cards'],
        summary: 'Delete a rate card',
        description:
          "Ends the card now (effectiveTo): usage from now on is billed at the version's prices, usage before stays priced by the card. " +
          'A card deleted before it took effect never prices anything. Deleting a deleted card returns it unchanged.',
        params: RateCardParams,
        response: { 200: RateCard, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) =>
        customers.deleteRateCard(tx, contextOf(request, deps), request.params.enrollmentID, request.params.rateCardID),
      ),
  );
}
