// Where the time of an ingestion workload goes: CPU time per event of the service, of PostgreSQL,
// of the load generator (this process) and of the matching reference server, read from /proc while
// a closed loop runs against each in turn. Linux only. Used for docs/benchmarks.md, "Where the
// time goes"; it measures no gate.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:cpu -- single [connections] [seconds] [rounds]
//   DATABASE_URL=... npm run bench:cpu -- batch 8 5 3
//   DATABASE_URL=... npm run bench:cpu -- pix 16 5 3     (scenario 9's Pix charges against reference 5)
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, cleanupOnSignals, onCleanup } from './lib/cleanup.ts';
import { runClosedLoop } from './lib/closed-loop.ts';
import { createBenchDatabase } from './lib/database.ts';
import { openInvoices, PixCharges } from './lib/charges.ts';
import { startServer } from './lib/processes.ts';
import { cpuByGroup, cpuByThread, pidsMatching, procAvailable } from './lib/proc-cpu.ts';
import { startPostgresService } from './lib/service.ts';
import { enroll, METER_KEY, setUpTenant, UNIT_PRICE } from './lib/setup.ts';
import { EventFactory, FreshBatches, SingleEvents, type Workload } from './lib/workloads.ts';

const USAGE = 'usage: npm run bench:cpu -- single|batch|pix [connections] [seconds] [rounds]';

async function main(): Promise<void> {
  const [mode, connectionsArg, secondsArg, roundsArg] = process.argv.slice(2);
  if (mode !== 'single' && mode !== 'batch' && mode !== 'pix') throw new Error(USAGE);
  if (!procAvailable()) throw new Error('this tool reads /proc: Linux only');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error(`DATABASE_URL is not set\n${USAGE}`);
  const connections = Number(connectionsArg ?? (mode === 'single' ? 256 : mode === 'pix' ? 16 : 8));
  const seconds = Number(secondsArg ?? 5);
  const rounds = Number(roundsArg ?? 3);
  const batchSize = 1000;
  cleanupOnSignals();

  const database = await createBenchDatabase(databaseUrl);
  onCleanup(`drop database ${database.name}`, () => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-cpu-'));
  onCleanup('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
  const service = await startPostgresService(database.url, dataDir, 10);
  onCleanup('stop the service', () => service.stop());
  const tenant = await setUpTenant(service.url);
  const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10', ACCOUNT_ID: randomUUID(), METER_ID: randomUUID(), UNIT_PRICE };
  let targets: Array<{ name: string; url: string; workload: Workload }>;
  let perRequest = mode === 'batch' ? batchSize : 1;
  if (mode === 'pix') {
    // Scenario 9's set-up: open invoices, the reference's copies of them, round-robin charges.
    perRequest = 1;
    const invoices = await openInvoices(service.url, tenant, 200, `cpu-${Date.now()}`);
    await service.withDatabase(async (sql) => {
      await sql.query('create table ref_invoices (id uuid primary key, amount_due numeric not null, currency text not null, status text not null)');
      await sql.query('create table ref_payments (like payments including all)');
      await sql.query(`insert into ref_invoices select id, amount_due, currency, status from invoices where id = any($1::uuid[])`, [invoices]);
    });
    const reference = await startServer({ name: 'reference', script: 'bench/reference/pix-charge.ts', env: { ...env, ACCOUNT_ID: tenant.accountId, PUBLIC_HOST: new URL(service.url).host }, readyPath: '/healthz' });
    targets = [
      { name: 'service', url: service.url, workload: new PixCharges(`cpu-s-${Date.now()}`, invoices) },
      { name: 'reference', url: reference.url, workload: new PixCharges(`cpu-r-${Date.now()}`, invoices) },
    ];
  } else {
    await service.withDatabase((sql) => sql.query('create table ref_usage_events (like usage_events including all)'));
    const script = mode === 'single' ? 'bench/reference/single-insert.ts' : 'bench/reference/batch-insert.ts';
    const reference = await startServer({ name: 'reference', script, env, readyPath: '/healthz' });
    const enrollment = await enroll(service.url, tenant, 'cpu');
    const timestamp = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
    const workload = (prefix: string, customerId: string): Workload => {
      const events = new EventFactory({ meter: METER_KEY, productId: tenant.productId, customerId, timestamp }, prefix);
      return mode === 'single' ? new SingleEvents(prefix, events) : new FreshBatches(prefix, events, batchSize);
    };
    targets = [
      { name: 'service', url: service.url, workload: workload(`cpu-s-${Date.now()}`, enrollment.customerId) },
      { name: 'reference', url: reference.url, workload: workload(`cpu-r-${Date.now()}`, randomUUID()) },
    ];
  }
  // This run's processes only: other benchmarks on the machine run the same scripts and servers.
  const ours = `DATABASE_URL=${database.url}`;
  const groups = {
    postgres: () => pidsMatching(new RegExp(`^postgres: .* ${database.name} `)),
    service: () => pidsMatching(/service-entry\.ts/, ours),
    reference: () => pidsMatching(/(single-insert|batch-insert|pix-charge)\.ts/, ours),
    'load generator': process.pid,
  };
  const headers = { authorization: `Bearer ${tenant.secretKey}` };
  const servicePid = pidsMatching(/service-entry\.ts/, ours)[0];

  const unit = mode === 'pix' ? 'charge' : 'event';
  console.log(`${mode}, ${connections} connections, ${seconds} s per run; CPU time per ${unit} (µs) and cores busy`);
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const before = cpuByGroup(groups);
      const threadsBefore = servicePid ? cpuByThread(servicePid) : new Map<number, number>();
      const started = Date.now();
      const result = await runClosedLoop(target.url, target.workload, { connections, durationSeconds: seconds, headers });
      const elapsed = (Date.now() - started) / 1000;
      const after = cpuByGroup(groups);
      const events = result.acknowledged * perRequest;
      const parts = Object.keys(groups)
        .map((name) => ({ name, cpu: after[name]! - before[name]! }))
        .filter((p) => p.name !== (target.name === 'service' ? 'reference' : 'service'))
        .map((p) => `${p.name} ${((p.cpu * 1e6) / events).toFixed(1)} µs (${(p.cpu / elapsed).toFixed(2)})`);
      let mainThread = '';
      if (target.name === 'service' && servicePid) {
        const threadsAfter = cpuByThread(servicePid);
        const main = (threadsAfter.get(servicePid) ?? 0) - (threadsBefore.get(servicePid) ?? 0);
        mainThread = `; service main thread ${(main / elapsed).toFixed(2)} cores busy`;
      }
      console.log(`round ${round} ${target.name}: ${Math.round(events / elapsed)} ${unit}s/s; ${parts.join(', ')}${mainThread}`);
    }
  }
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
