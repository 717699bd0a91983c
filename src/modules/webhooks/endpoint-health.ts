// How an endpoint is doing, for a person's view (the dashboard): the API's endpoint view plus what
// the delivery job keeps about its failures. An endpoint is failing when the service turned it off
// (`gone`, `failing`) or its last attempt failed (failing_since is set until a delivery succeeds).
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';
import { MAX_ENDPOINTS, toEndpointView, type EndpointView } from './service.ts';
import type { WebhookEndpointRow } from './tables.ts';

export interface EndpointHealth extends EndpointView {
  /** Attempts in a row that got no answer (an HTTP answer, even an error, resets it). */
  consecutiveFailures: number;
  /** The first failed attempt since the last success; null when the last attempt succeeded. */
  failingSince: Date | null;
  failing: boolean;
}

function toHealth(row: WebhookEndpointRow): EndpointHealth {
  return {
    ...toEndpointView(row),
    consecutiveFailures: row.consecutive_failures,
    failingSince: row.failing_since,
    failing: row.disabled_reason !== null || row.failing_since !== null,
  };
}

/** Every endpoint of the tenant (at most MAX_ENDPOINTS), newest first. */
export async function listEndpointHealth(ex: Executor, tenant: Tenant): Promise<EndpointHealth[]> {
  return (await repo.listEndpoints(ex, tenant, MAX_ENDPOINTS, null)).slice(0, MAX_ENDPOINTS).map(toHealth);
}

/** The tenant's failing endpoints, newest first. */
export async function listFailingEndpoints(ex: Executor, tenant: Tenant): Promise<EndpointHealth[]> {
  return (await listEndpointHealth(ex, tenant)).filter((endpoint) => endpoint.failing);
}

/** The tenant's endpoint with this id, or undefined (another tenant's id, or none). */
export async function findEndpointHealth(ex: Executor, tenant: Tenant, id: string): Promise<EndpointHealth | undefined> {
  const row = await repo.findEndpoint(ex, tenant, id);
  return row && toHealth(row);
}
