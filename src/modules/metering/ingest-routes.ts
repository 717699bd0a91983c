// POST /metering/events and /metering/events/batch: pure checks here, then the commit group.
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { idempotencyScope, lockNameOf, requestFingerprint, sendOutcome } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { IngestQueue, type IngestJob } from './ingest-queue.ts';
import { readSandboxClock } from '../accounts/index.ts';
import { normalizeEvents, type UsageEventInput } from './normalize.ts';
import { BatchBody, BatchResult, RecordedEvent, UsageEvent } from './schemas.ts';

const tags = ['metering'];

export function registerIngestRoutes(app: App, deps: AppDeps): void {
  const queue = new IngestQueue({
    db: deps.db,
    clock: deps.clock,
    idempotency: deps.idempotency,
    // At most this many groups in flight, each on its own connection. PGlite has one connection.
    concurrency: deps.dbKind === 'pglite' ? 1 : deps.config.metering.writeGroups,
    maxEventsPerGroup: 20_000,
    maxPendingEvents: deps.config.metering.queueMaxEvents,
    usageLockWaitMs: deps.config.metering.usageLockWaitMs,
    log: app.log,
  });

  async function job(request: FastifyRequest, inputs: UsageEventInput[], fieldPrefix: (i: number) => string, batch: boolean): Promise<IngestJob> {
    const ctx = contextOf(request, deps);
    // Failures of the pure checks are like schema failures: not stored, so a corrected retry may reuse the key.
    let { events, errors } = normalizeEvents(inputs, ctx.now, fieldPrefix);
    if (errors.some((e) => e.constraint === 'not_in_future') && request.auth!.unconfirmed && ctx.tenant.environment === 'sandbox') {
      // A key from memory runs on the real clock until its row is read, and its account's test clock
      // may have been set since it was remembered: an event ahead of the real clock is checked
      // against the test clock before it is refused (the group's call finds the rest: 'clocked').
      const testClock = await readSandboxClock(deps.db, ctx.tenant.accountId);
      if (testClock) ({ events, errors } = normalizeEvents(inputs, testClock, fieldPrefix));
    }
    if (errors.length > 0) throw validationError(errors);
    const scope = idempotencyScope(request);
    const key = request.headers['idempotency-key'] as string;
    const fingerprint = requestFingerprint(request);
    const unconfirmedKey = request.auth!.unconfirmed;
    return {
      tenant: ctx.tenant,
      events,
      fieldPrefix,
      batch,
      scope,
      key,
      lockName: lockNameOf(scope, key),
      fingerprint,
      requestId: request.id,
      keyToConfirm: unconfirmedKey ? request.auth!.keyId : null,
      unconfirmedKey,
      recheck(now) {
        const again = normalizeEvents(inputs, now, fieldPrefix);
        if (again.errors.length > 0) throw validationError(again.errors);
        return again.events;
      },
    };
  }

  app.post(
    '/metering/events',
    {
      // The group's call reads the key's row (metering_ingest, step 0): a key found live before comes from memory.
      config: { scope: 'metering:write', keyFromMemory: true },
      schema: {
        tags,
        summary: 'Record one usage event',
        description:
          'Answers 201 `accepted` when recorded now, 200 `duplicate` when an event with this eventId was already recorded (nothing changes; the original timestamp is returned).',
        body: UsageEvent,
        response: { 201: RecordedEvent, 200: RecordedEvent, ...errorResponses(409, 422, 503) },
      },
    },
    async (request, reply) => {
      const outcome = await queue.submit(await job(request, [request.body], () => '', false));
      return sendOutcome(reply, outcome);
    },
  );

  app.post(
    '/metering/events/batch',
    {
      bodyLimit: deps.config.metering.batchMaxBytes,
      // The group's call reads the key's row (metering_ingest, step 0): a key found live before comes from memory.
      config: { scope: 'metering:write', keyFromMemory: true },
      schema: {
        tags,
        summary: 'Record a batch of usage events, all or nothing',
        description: `Up to ${deps.config.metering.batchMaxEvents} events. When one event is invalid none is recorded, and the error's field names its position (events[12].meter).`,
        body: BatchBody(deps.config.metering.batchMaxEvents),
        response: { 200: BatchResult, ...errorResponses(409, 413, 422, 503) },
      },
    },
    async (request, reply) => {
      const outcome = await queue.submit(await job(request, request.body.events, (i) => `events[${i}].`, true));
      return sendOutcome(reply, outcome);
    },
  );
}
