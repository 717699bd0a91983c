import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CreateMeterBody, Meter, MeterList, MeterParams, MeterPatch } from './schemas.ts';
import * as catalog from './service.ts';

const tags = ['meters'];

export function registerMeterRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/meters',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags,
        summary: 'Create a meter',
        description: '`key` is unique in the account and environment (409 on a clash). `property` is required for unique_count and refused otherwise.',
        body: CreateMeterBody,
        response: { 201: Meter, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => catalog.createMeter(tx, contextOf(request, deps), request.body)),
  );

  app.get(
    '/meters',
    {
      config: { scope: 'catalog:read' },
      schema: { tags, summary: 'List meters', querystring: ListQuery, response: { 200: MeterList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await catalog.listMeters(deps.db, contextOf(request, deps), pageRequest(request.query));
      return { meters: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/meters/:meterID',
    {
      config: { scope: 'catalog:read', resource: 'meter' },
      schema: { tags, summary: 'Get a meter', params: MeterParams, response: { 200: Meter, ...errorResponses(404) } },
    },
    async (request) => catalog.getMeter(deps.db, contextOf(request, deps), request.params.meterID),
  );

  app.patch(
    '/meters/:meterID',
    {
      config: { scope: 'catalog:write', resource: 'meter' },
      schema: {
        tags,
        summary: 'Update a meter',
        description: 'The key never changes. aggregation and property are fixed (409) once a published version or a rate card prices the meter.',
        params: MeterParams,
        body: MeterPatch,
        response: { 200: Meter, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => catalog.updateMeter(tx, contextOf(request, deps), request.params.meterID, request.body)),
  );
}
