// Paid requests per second a seller server serves through @billing/rail-middleware, and where the
// CPU goes. The service runs on PostgreSQL as its own process (bench/lib/service.ts); the seller
// server (node:http + the middleware) and the load generator share this process. Payments are
// signed beforehand by `agents` accounts in turn (each agent has its own receipt, as real agents
// do), then `connections` concurrent loops send them, each request paid once. Reported per run:
// paid requests/s, and CPU time per paid request of PostgreSQL, the service, and this process
// (seller + load generator), read from /proc. Linux only; it measures no gate (docs/benchmarks.md,
// scenario 13).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:rail -- [requests] [connections] [agents] [rounds]
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createRail, nodeHandler } from '../packages/rail-middleware/src/index.ts';
import { cleanup, cleanupOnSignals, onCleanup } from './lib/cleanup.ts';
import { createBenchDatabase } from './lib/database.ts';
import { cpuByGroup, pidsMatching, procAvailable } from './lib/proc-cpu.ts';
import { benchAgents, setUpRailSeller, signedPayments } from './lib/rail.ts';
import { startPostgresService } from './lib/service.ts';
import { setUpTenant } from './lib/setup.ts';

const USAGE = 'usage: DATABASE_URL=... npm run bench:rail -- [requests 2000] [connections 32] [agents 16] [rounds 2]';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Processes whose parent is `parent` (field 4 of /proc/<pid>/stat). */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ').at(-1)!.split(' ')[1]) === parent;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function main(): Promise<void> {
  const [requestsArg, connectionsArg, agentsArg, roundsArg] = process.argv.slice(2);
  if (!procAvailable()) throw new Error('this tool reads /proc: Linux only');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error(`DATABASE_URL is not set\n${USAGE}`);
  const requests = Number(requestsArg ?? 2000);
  const connections = Number(connectionsArg ?? 32);
  const agents = benchAgents(Number(agentsArg ?? 16));
  const rounds = Number(roundsArg ?? 2);
  cleanupOnSignals();

  const database = await createBenchDatabase(databaseUrl);
  onCleanup(`drop database ${database.name}`, () => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-rail-'));
  onCleanup('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
  const service = await startPostgresService(database.url, dataDir, 10);
  onCleanup('stop the service', () => service.stop());
  const tenant = await setUpTenant(service.url);
  const { productKey, meterKey } = await setUpRailSeller(service.url, tenant.secretKey, `t${Date.now().toString(36)}`);

  // A long timeout: on a busy machine a queued settle may take seconds, and one timed out would be
  // refused (grace is off here) instead of measured.
  const rail = await createRail({ serviceUrl: service.url, apiKey: tenant.secretKey, product: productKey, logger: silent, timeoutMs: 60_000 });
  onCleanup('close the middleware', () => rail.close());
  const paid = nodeHandler(rail, meterKey, (_req, res) => res.end('{"ok":true}'));
  const server = createServer(paid);
  // Connections stay open while the next round's payments are signed (seconds on a busy machine).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup('stop the seller server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  const seller = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections });
  onCleanup('close the load generator', () => seller.close());
  const requirements = rail.config.outputSchema.routes[0]!.accepts[0]!;
  // PostgreSQL's backends of this run's database only, and this run's service (a child of this
  // process): other work on the machine may run the same programs meanwhile.
  const servicePid = childrenOf(process.pid).find((pid) => pidsMatching(/service-entry\.ts/).includes(pid));
  if (!servicePid) throw new Error('the service process was not found among this process children');
  const groups = { postgres: new RegExp(`^postgres: .*: \\S+ ${database.name} `), service: servicePid, 'seller + load generator': process.pid };

  console.log(`Rail paid requests: ${requests} per round, ${connections} connections, ${agents.length} agents; CPU time per paid request (µs) and cores busy`);
  // A warm-up round (lazy imports, plans, every agent's customer, enrollment and day receipt), not reported.
  for (let round = 0; round <= rounds; round += 1) {
    const count = round === 0 ? agents.length * 4 : requests;
    const headers = await signedPayments(requirements, agents, count);
    let next = 0;
    let failed = 0;
    const before = cpuByGroup(groups);
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < headers.length) {
          const header = headers[next++]!;
          try {
            const res = await seller.request({ method: 'GET', path: '/paid', headers: { 'payment-signature': header } });
            await res.body.dump();
            if (res.statusCode !== 200) failed += 1;
          } catch {
            failed += 1; // a connection lost: counted as not served
          }
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    const after = cpuByGroup(groups);
    if (round === 0) continue;
    const parts = Object.keys(groups).map((name) => {
      const cpu = after[name]! - before[name]!;
      return `${name} ${((cpu * 1e6) / count).toFixed(0)} µs (${(cpu / elapsed).toFixed(2)})`;
    });
    const refused = failed > 0 ? ` (${failed} of ${count} not served)` : '';
    console.log(`round ${round}: ${Math.round((count - failed) / elapsed)} paid requests/s${refused}; ${parts.join(', ')}`);
  }
  const counters = rail.counters();
  console.log(`middleware counters: ${JSON.stringify(counters)}`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
