// What every scenario is handed: the profile, the report, the service under test with its
// tenant, and (on PostgreSQL) the reference servers.
import { randomUUID } from 'node:crypto';
import type { Profile } from '../lib/profile.ts';
import type { RunningServer } from '../lib/processes.ts';
import type { Report } from '../lib/report.ts';
import type { ServiceUnderTest } from '../lib/service.ts';
import { METER_KEY, type Tenant } from '../lib/setup.ts';
import type { EventTarget } from '../lib/workloads.ts';

export interface References {
  single: RunningServer;
  batch: RunningServer;
  hello: RunningServer;
  /** The account id the ingestion references store (their own; they resolve nothing). */
  accountId: string;
  /** Reference (3) reads the service's events, so it starts once the tenant exists (during seeding). */
  startUsageSum(): Promise<RunningServer>;
  /** Reference (5), naive Pix charges: started by scenario 9 (it needs the service's tables). */
  charges?: () => Promise<RunningServer>;
}

export interface ScenarioContext {
  profile: Profile;
  report: Report;
  /** Unique per run: prefixes Idempotency-Keys and event ids. */
  runId: string;
  service: ServiceUnderTest;
  tenant: Tenant;
  references: References | null;
  /** Pinned on every ingested event: a minute before the run, so an invoice range ending after it is in the past. */
  eventTimestamp: string;
  /** Starts another process of the service on the same database (PostgreSQL only), with more settings. */
  startServiceProcess?: (name: string, env: Record<string, string>) => Promise<ServiceUnderTest>;
}

export function serviceHeaders(ctx: ScenarioContext): Record<string, string> {
  return { authorization: `Bearer ${ctx.tenant.secretKey}` };
}

/** The event fields for the service (a real customer) or a reference (a random id it stores as the enrollment). */
export function eventTarget(ctx: ScenarioContext, customerId: string = randomUUID()): EventTarget {
  return { meter: METER_KEY, productId: ctx.tenant.productId, customerId, timestamp: ctx.eventTimestamp };
}
