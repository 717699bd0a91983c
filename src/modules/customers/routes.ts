import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CreateCustomerBody, Customer, CustomerList, CustomerListQuery, CustomerParams, CustomerPatch } from './schemas.ts';
import * as customers from './service.ts';

const tags = ['customers'];

export function registerCustomerRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/customers',
    {
      config: { scope: 'customers:write' },
      schema: {
        tags,
        summary: 'Create a customer',
        description: 'Records `customer.created`. `externalId` is unique in the account and environment (409 on a clash).',
        body: CreateCustomerBody,
        response: { 201: Customer, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => customers.createCustomer(tx, contextOf(request, deps), request.body)),
  );

  app.get(
    '/customers',
    {
      config: { scope: 'customers:read' },
      schema: { tags, summary: 'List customers', querystring: CustomerListQuery, response: { 200: CustomerList, ...errorResponses(422) } },
    },
    async (request) => {
      const { email, externalId } = request.query;
      const page = await customers.listCustomers(deps.db, contextOf(request, deps), { email, externalId }, pageRequest(request.query));
      return { customers: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/customers/:customerID',
    {
      config: { scope: 'customers:read', resource: 'customer' },
      schema: { tags, summary: 'Get a customer', params: CustomerParams, response: { 200: Customer, ...errorResponses(404) } },
    },
    async (request) => customers.getCustomer(deps.db, contextOf(request, deps), request.params.customerID),
  );

  app.patch(
    '/customers/:customerID',
    {
      config: { scope: 'customers:write', resource: 'customer' },
      schema: {
        tags,
        summary: 'Update a customer',
        params: CustomerParams,
        body: CustomerPatch,
        response: { 200: Customer, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => customers.updateCustomer(tx, contextOf(request, deps), request.params.customerID, request.body)),
  );
}
