// The two phases of a run. PostgreSQL: a fresh database, the service and the four reference
// servers on it (all started once; only the one being measured receives load), scenarios 1-4
// with their gates, the meters check (6), many tenants (7) and replays over two more service
// processes (8). PGlite: the service alone on a temporary data folder, the same scenarios but 8,
// reported without gates (the references are PostgreSQL servers, so there is nothing to compare).
// Scenario 15 (one address flooding a shop's keyless orders) runs on both, with the default budgets.
// Scenario 14 (card charges against a processor mock) starts a service process of its own with
// the mock's settings on PostgreSQL, and restarts the one PGlite service with them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from '../lib/cleanup.ts';
import { createBenchDatabase, postgresFacts, type PostgresFacts } from '../lib/database.ts';
import { MissingEndpoint, JsonClient } from '../lib/http.ts';
import type { Profile } from '../lib/profile.ts';
import { startServer, stopAllServers, type RunningServer } from '../lib/processes.ts';
import type { Report } from '../lib/report.ts';
import { startPgliteService, startPostgresService, type ServiceUnderTest } from '../lib/service.ts';
import { enroll, setUpTenant, UNIT_PRICE } from '../lib/setup.ts';
import type { References, ScenarioContext } from './context.ts';
import { cardChargeScenario } from './card-charges.ts';
import { batchScenarios } from './ingest-batch.ts';
import { singleEventScenario } from './ingest-single.ts';
import { invoiceScenario } from './invoice-from-usage.ts';
import { manyTenantsScenario } from './many-tenants.ts';
import { metersScenario } from './meters-check.ts';
import { pixChargeScenario } from './pix-charges.ts';
import { twoProcessScenario } from './two-processes.ts';
import { webhookFairnessScenario } from './webhook-fairness.ts';
import { webhookScenario } from './webhooks.ts';
import { railScenario } from './rail-latency.ts';
import { subscriptionScenario } from './subscriptions.ts';
import { usageImportScenario } from './usage-import.ts';
import { keylessFloodScenario } from './keyless-flood.ts';

interface PhaseOptions {
  profile: Profile;
  report: Report;
  runId: string;
}

export async function postgresPhase(serverUrl: string, options: PhaseOptions): Promise<PostgresFacts> {
  const database = await createBenchDatabase(serverUrl);
  const dropDatabase = onCleanup(`drop database ${database.name}`, () => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-pg-'));
  const removeDir = onCleanup('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
  let service: ServiceUnderTest | null = null;
  try {
    console.log(`PostgreSQL: database ${database.name}`);
    // The ingestion references need nothing from the service: they start while it boots.
    const starting = startIngestReferences(database.url, options.profile.poolSize);
    // Awaited below; this only keeps a failed start from being unhandled if the service fails first.
    starting.catch(() => undefined);
    service = await startPostgresService(database.url, dataDir, options.profile.poolSize);
    const facts = await service.withDatabase(postgresFacts);
    const tenant = await setUpTenant(service.url);
    // The references' table: the shape, keys and indexes of usage_events (which migrations just made).
    await service.withDatabase((sql) => sql.query('create table ref_usage_events (like usage_events including all)'));
    const ingest = await starting;
    const startUsageSum = () => startReference('ref 3 (raw usage sum)', 'bench/reference/usage-sum.ts', referenceEnv(database.url, options.profile.poolSize, tenant.accountId, tenant.meterId));
    const startCharges = async () => {
      // The reference's tables: invoices it charges (copied from the service's), payments shaped like payments.
      await service!.withDatabase(async (sql) => {
        await sql.query('create table if not exists ref_invoices (id uuid primary key, amount_due numeric not null, currency text not null, status text not null)');
        await sql.query('create table if not exists ref_payments (like payments including all)');
      });
      const env = { ...referenceEnv(database.url, options.profile.poolSize, tenant.accountId, tenant.meterId), PUBLIC_HOST: new URL(service!.url).host };
      return startReference('ref 5 (naive pix charge)', 'bench/reference/pix-charge.ts', env);
    };
    const references = { ...ingest, startUsageSum, charges: startCharges };
    const startServiceProcess = (name: string, env: Record<string, string>) => startPostgresService(database.url, dataDir, options.profile.poolSize, { name, env });
    await runScenarios({ ...options, service, tenant, references, eventTimestamp: pinnedTimestamp(), startServiceProcess });
    return facts;
  } finally {
    // The service and every reference: nothing may hold the database when it is dropped.
    await service?.stop();
    await stopAllServers();
    await removeDir();
    await dropDatabase();
  }
}

export async function pglitePhase(options: PhaseOptions): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
  const removeDir = onCleanup('remove the PGlite folder', () => rm(dataDir, { recursive: true, force: true }));
  let service: ServiceUnderTest | null = null;
  try {
    console.log(`PGlite: data folder ${dataDir}`);
    service = await startPgliteService(dataDir, options.profile.poolSize);
    const tenant = await setUpTenant(service.url);
    await runScenarios({ ...options, service, tenant, references: null, eventTimestamp: pinnedTimestamp() });
  } finally {
    await service?.stop();
    await removeDir();
  }
}

function referenceEnv(databaseUrl: string, poolSize: number, accountId: string, meterId: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(poolSize), ACCOUNT_ID: accountId, METER_ID: meterId, UNIT_PRICE };
}

function startReference(name: string, script: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer({ name, script, env, readyPath: '/healthz' });
}

async function startIngestReferences(databaseUrl: string, poolSize: number): Promise<Omit<References, 'startUsageSum'>> {
  const accountId = randomUUID();
  const env = referenceEnv(databaseUrl, poolSize, accountId, randomUUID());
  const [single, batch, hello] = await Promise.all([
    startReference('ref 1 (single insert)', 'bench/reference/single-insert.ts', env),
    startReference('ref 2 (batch insert)', 'bench/reference/batch-insert.ts', env),
    startReference('ref 4 (hello world)', 'bench/reference/hello.ts', env),
  ]);
  return { single, batch, hello, accountId };
}

/** A minute ago, whole seconds: every ingested event carries it, so invoicing it later is in the past. */
function pinnedTimestamp(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
}

async function runScenarios(ctx: ScenarioContext): Promise<void> {
  const { profile, service } = ctx;
  // A new client per probe: on PGlite the service moves to a new port after each database check.
  const probe = async (path: string) => {
    const api = new JsonClient(service.url, `Bearer ${ctx.tenant.secretKey}`, 1);
    await api.assertRoute('POST', path).finally(() => api.close());
  };
  const routes = {
    single: () => probe('/metering/events'),
    batch: () => probe('/metering/events/batch'),
    invoice: () => probe('/billing/invoices/from-usage'),
  };
  // BENCH_ONLY=1,6 runs only those scenarios (while working on one; a partial run is no result).
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const guarded = (c: ScenarioContext, name: string, run: () => Promise<void>) => (only && !only.includes(name.split('.')[0]!.split('-')[0]!) ? Promise.resolve() : guardedRun(c, name, run));
  await guarded(ctx, '1. single event', async () => {
    await routes.single();
    await singleEventScenario(ctx, await enroll(service.url, ctx.tenant, `${ctx.runId}-single`));
  });
  await guarded(ctx, '2-3. batches', async () => {
    await routes.batch();
    await batchScenarios(ctx, await enroll(service.url, ctx.tenant, `${ctx.runId}-batch`));
  });
  await guarded(ctx, '4. from-usage', async () => {
    await routes.invoice();
    const counts = service.kind === 'pglite' ? profile.pglite ?? { invoiceEvents: profile.invoiceEvents, invoiceLargeEvents: null } : profile;
    const base = await enroll(service.url, ctx.tenant, `${ctx.runId}-invoice`);
    const large = counts.invoiceLargeEvents ? await enroll(service.url, ctx.tenant, `${ctx.runId}-invoice-large`) : null;
    await invoiceScenario(ctx, base, large, { base: counts.invoiceEvents, large: counts.invoiceLargeEvents });
  });
  await guarded(ctx, '6. meters check', async () => {
    await routes.batch();
    await metersScenario(ctx);
  });
  if (profile.manyTenants) {
    await guarded(ctx, '7. many tenants', async () => {
      await routes.single();
      await manyTenantsScenario(ctx);
    });
  }
  if (profile.charges) {
    await guarded(ctx, '9. pix charges', async () => {
      await probe(`/billing/invoices/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}/payments`);
      await pixChargeScenario(ctx);
    });
  }
  if (profile.webhooks) {
    await guarded(ctx, '10. webhooks', async () => {
      await probe('/account/webhooks');
      await webhookScenario(ctx);
    });
    await guarded(ctx, '16. webhooks beside a tarpit', async () => {
      await probe('/account/webhooks');
      await webhookFairnessScenario(ctx);
    });
  }
  await guarded(ctx, '13. rail', async () => {
    await probe('/rail/settle');
    // Quick profile: a few hundred paid requests (CI stays short); full: 2,000.
    await railScenario(ctx, profile.name === 'quick' ? 300 : 2000);
  });
  if (profile.subscriptions) {
    await guarded(ctx, '11. subscriptions due at once', async () => {
      await probe('/billing/subscriptions');
      await subscriptionScenario(ctx);
    });
  }
  if (profile.usageImport) {
    await guarded(ctx, '12. usage import', async () => {
      await routes.batch();
      await usageImportScenario(ctx);
    });
  }
  if (profile.cardCharges) {
    await guarded(ctx, '14. card charges (processor mock)', async () => {
      await probe('/account/providers/processor_b/check');
      await cardChargeScenario(ctx);
    });
  }
  if (profile.keylessFlood) {
    await guarded(ctx, '15. keyless flood', async () => {
      await probe('/storefronts');
      await keylessFloodScenario(ctx);
    });
  }
  const startProcess = ctx.startServiceProcess;
  if (profile.twoProcesses && startProcess) {
    await guarded(ctx, '8. replays over two processes', async () => {
      await routes.batch();
      await twoProcessScenario(ctx, startProcess);
    });
  }
}

/** Runs a scenario; a missing endpoint skips it (reported), any other error fails the run. */
async function guardedRun(ctx: ScenarioContext, name: string, run: () => Promise<void>): Promise<void> {
  console.log(`${ctx.service.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: scenario ${name} (at ${Math.round(process.uptime())} s)`);
  try {
    const dead = ctx.service.exitReport();
    if (dead) throw new Error(`not run, the service is gone: ${dead.split('\n')[0]}`);
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof MissingEndpoint) {
      ctx.report.row({ database: ctx.service.kind, scenario: name, unit: '', ours: null, reference: null, referenceName: '', ratio: null, goal: '', verdict: 'skipped', gating: false, note: message });
      ctx.report.note(`${ctx.service.kind}: scenario ${name} skipped: ${message}`);
      console.log(`  skipped: ${message}`);
      return;
    }
    const died = ctx.service.exitReport();
    ctx.report.check(ctx.service.kind, `scenario ${name} ran to the end`, false, died ? `${message}; ${died}` : message);
  }
}
