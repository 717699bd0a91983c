// The public route at each connection's webhookUrl: keyless (the unguessable token in the path
// names the connection, the processor's own signature proves the sender), rate limited per
// address like every keyless route, the body's bytes kept for the signature check. A call the
// adapter cannot verify answers 400 invalid_signature and changes nothing; an unknown connection
// or token answers 404.
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.ts';
import { errorResponses, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { callProcessor } from '../../modules/payments/index.ts';
import { connectionForEvents } from '../../modules/providers/index.ts';
import { applyProcessorEvent } from './processor-events.ts';

const Params = Type.Object({ connectionID: Uuid(), token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
const Received = Type.Object({ received: Type.Integer({ description: 'Events in the call; each applied once, however often it is sent.' }) });

const SUMMARIES: Record<string, string> = {
  '': 'Events of a connected processor',
  '/pix': 'Pix API callback of a pix_api connection (confirmed by reading the charge back)',
  '/rec': 'Pix Automático callback on mandates (recurrences) of a pix_api connection (read back)',
  '/cobr': 'Pix Automático callback on recurring charges of a pix_api connection (read back)',
};

export function registerProcessorEventRoutes(app: App, deps: AppDeps): void {
  const providerDeps = { config: deps.config, policy: deps.webhookPolicy };
  // pix_api PSPs append /pix to the registered URL, and Pix Automático's callbacks /rec and /cobr.
  for (const subpath of ['', '/pix', '/rec', '/cobr']) {
    app.post(
      `/processors/:connectionID/:token/events${subpath}`,
      {
        config: { auth: 'none' as const, idempotency: 'exempt' as const },
        schema: {
          tags: ['providers'],
          summary: SUMMARIES[subpath]!,
          description: 'The `webhookUrl` of a processor connection: register it at the processor. Verified with the processor’s own signature scheme.',
          params: Params,
          response: { 200: Received, ...errorResponses(404) },
        },
      },
      async (request) => {
        const live = await connectionForEvents(deps.db, providerDeps, request.params.connectionID, request.params.token);
        if (!live) throw notFound('processor_connection');
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        const events = await callProcessor(deps.config.processors.timeoutMs, () =>
          live.adapter.parseWebhook(live.connection, { headers, rawBody: request.rawBody ?? Buffer.alloc(0), subpath }),
        );
        const now = deps.clock.now();
        await deps.db.transaction().execute(async (tx) => {
          for (const event of events) await applyProcessorEvent(tx, live, event, now, deps.config.baseUrl);
        });
        return { received: events.length };
      },
    );
  }
}
