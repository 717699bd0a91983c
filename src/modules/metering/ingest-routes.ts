// POST /metering/events and /metering/events/batch: pure checks here, then the commit group.
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { idempotencyScope, lockNameOf, requestFingerprint, sendOutcome } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { IngestQueue, type IngestJob } from './ingest-queue.ts';
import { normalizeEvents, type UsageEventInput } from './normalize.ts';
import type { EventResult } from './record-usage.ts';
import { BatchBody, BatchResult, RecordedEvent, UsageEvent } from './schemas.ts';

const tags = ['metering'];

export function registerIngestRoutes(app: App, deps: AppDeps): void {
  const queue = new IngestQueue({
    db: deps.db,
    clock: deps.clock,
    idempotency: deps.idempotency,
    // At most this many groups in flight (see PARALLEL_GROUP_MIN_EVENTS). PGlite has one connection.
    concurrency: deps.dbKind === 'pglite' ? 1 : deps.config.metering.writeGroups,
    maxEventsPerGroup: 20_000,
  });

  function job(request: FastifyRequest, inputs: UsageEventInput[], prefix: (i: number) => string, respond: IngestJob['respond']): IngestJob {
    const ctx = contextOf(request, deps);
    // Failures of the pure checks are like schema failures: not stored, so a corrected retry may reuse the key.
    const { events, errors } = normalizeEvents(inputs, ctx.now, prefix);
    if (errors.length > 0) throw validationError(errors);
    const scope = idempotencyScope(request);
    const key = request.headers['idempotency-key'] as string;
    return { tenant: ctx.tenant, events, fieldPrefix: prefix, scope, key, lockName: lockNameOf(scope, key), fingerprint: requestFingerprint(request), requestId: request.id, respond };
  }

  app.post(
    '/metering/events',
    {
      config: { scope: 'metering:write' },
      schema: {
        tags,
        summary: 'Record one usage event',
        description:
          'Answers 201 `accepted` when recorded now, 200 `duplicate` when an event with this eventId was already recorded (nothing changes; the original timestamp is returned).',
        body: UsageEvent,
        response: { 201: RecordedEvent, 200: RecordedEvent, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const outcome = await queue.submit(
        job(request, [request.body], () => '', (results) => {
          const r = results[0]!;
          return { status: r.status === 'accepted' ? 201 : 200, body: JSON.stringify({ eventId: r.eventId, status: r.status, timestamp: r.timestamp.toISOString() }) };
        }),
      );
      return sendOutcome(reply, outcome);
    },
  );

  app.post(
    '/metering/events/batch',
    {
      bodyLimit: deps.config.metering.batchMaxBytes,
      config: { scope: 'metering:write' },
      schema: {
        tags,
        summary: 'Record a batch of usage events, all or nothing',
        description: `Up to ${deps.config.metering.batchMaxEvents} events. When one event is invalid none is recorded, and the error's field names its position (events[12].meter).`,
        body: BatchBody(deps.config.metering.batchMaxEvents),
        response: { 200: BatchResult, ...errorResponses(409, 413, 422) },
      },
    },
    async (request, reply) => {
      const outcome = await queue.submit(job(request, request.body.events, (i) => `events[${i}].`, batchResponse));
      return sendOutcome(reply, outcome);
    },
  );
}

function batchResponse(results: EventResult[]): { status: number; body: string } {
  const accepted = results.filter((r) => r.status === 'accepted').length;
  return {
    status: 200,
    body: JSON.stringify({
      results: results.map((r) => ({ index: r.index, eventId: r.eventId, status: r.status, timestamp: r.timestamp.toISOString() })),
      accepted,
      duplicates: results.length - accepted,
    }),
  };
}
