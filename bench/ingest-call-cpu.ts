// PostgreSQL CPU of one usage ingestion call for a 1,000-event batch (metering_ingest_v7, fresh and
// replayed), beside reference 2's statement on the same connection, and the fresh call with parts of
// the function cut out (experiments applied to this run's database only), so the database's share of
// a batch can be split. The backend's own CPU time is read from /proc around each call: other work
// on the machine slows the calls down but barely changes their CPU time (bench:cpu, which attributes
// CPU by process name, also counts other sessions' services and PostgreSQL backends). Linux only.
// Used for docs/benchmarks.md, "Batch ingestion: where the time goes"; it measures no gate.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ingest-call-cpu.ts [rounds]
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.ts';
import { ingestGroup, type GroupRequest } from '../src/modules/metering/repository.ts';
import { normalizeEvents } from '../src/modules/metering/normalize.ts';
import { cleanup, cleanupOnSignals, onCleanup } from './lib/cleanup.ts';
import { createBenchDatabase } from './lib/database.ts';
import { procAvailable } from './lib/proc-cpu.ts';
import { startPostgresService } from './lib/service.ts';
import { enroll, METER_KEY, setUpTenant } from './lib/setup.ts';

const BATCH = 1000;
const CALLS_PER_VARIANT = 5;
const FUNCTION_FILE = 'src/db/functions/metering_ingest_v7.sql';
const REFERENCE_INSERT = `insert into ref_usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
  select $1, 'sandbox', e.event_id, e.enrollment_id, $2, e.value, e.occurred_at, null, now()
    from unnest($3::text[], $4::uuid[], $5::numeric[], $6::timestamptz[]) as e(event_id, enrollment_id, value, occurred_at)
  on conflict do nothing returning event_id`;

/** The function's text with parts cut out (never correct: experiments on a throwaway database). */
function variant(text: string, cuts: string[]): string {
  let out = text;
  if (cuts.includes('rollup')) {
    const hourly = / {4}\),\n {4}hourly as \([\s\S]*?\n {4}\)\n {4}select \(select count\(\*\) from events\)/;
    if (!hourly.test(out)) throw new Error('the hourly rollup CTE was not found');
    out = out.replace(hourly, '    )\n    select (select count(*) from events)');
  }
  if (cuts.includes('stored answer')) {
    const at = out.lastIndexOf('  insert into idempotency_keys');
    const tail = 'expires_at = excluded.expires_at;';
    out = `${out.slice(0, at)}  perform 1;${out.slice(out.indexOf(tail, at) + tail.length)}`;
  }
  if (cuts.includes('answer text')) {
    const at = out.indexOf('if n_inserted = n_events then');
    const start = out.indexOf(`string_agg('{"index":'`, at);
    out = `${out.slice(0, start)}'x' ${out.slice(out.indexOf('as results', start))}`;
  }
  return out;
}

async function main(): Promise<void> {
  if (!procAvailable()) throw new Error('this tool reads /proc: Linux only');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const rounds = Number(process.argv[2] ?? 12);
  cleanupOnSignals();
  const database = await createBenchDatabase(serverUrl);
  onCleanup(`drop database ${database.name}`, () => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-call-'));
  onCleanup('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
  // The service migrates the database and applies the stored functions; set-up goes through its API.
  const service = await startPostgresService(database.url, dataDir, 2);
  const tenant = await setUpTenant(service.url);
  const enrollment = await enroll(service.url, tenant, 'call');
  await service.stop();

  // One connection: every call below runs in the same backend, whose CPU time is read around it.
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  onCleanup('close the pool', () => db.destroy());
  const backend = Number((await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  };
  await pool.query('create table ref_usage_events (like usage_events including all)');

  const timestamp = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
  let nextEvent = 0;
  const request = (first: number, key: string): GroupRequest => {
    const inputs = Array.from({ length: BATCH }, (_, i) => ({
      meter: METER_KEY,
      productId: tenant.productId,
      customerId: enrollment.customerId,
      timestamp,
      eventId: `call-${first + i}`,
      value: `${((first + i) % 97) / 10}`,
    }));
    const { events } = normalizeEvents(inputs, new Date(), (i) => `events[${i}].`);
    return { tenant: { accountId: tenant.accountId, environment: 'sandbox' }, events, scope: `${tenant.accountId}:sandbox`, key, lockName: `bench\n${key}`, fingerprint: key, batch: true, keyToConfirm: null };
  };
  const totals = new Map<string, { ms: number; calls: number }>();
  const measure = async (name: string, call: () => Promise<void>) => {
    const before = cpuMs();
    await call();
    const total = totals.get(name) ?? { ms: 0, calls: 0 };
    total.ms += cpuMs() - before;
    total.calls += 1;
    totals.set(name, total);
  };
  const ingest = async (first: number, key: string, expectAccepted: number) => {
    const [outcome] = await ingestGroup(db, [request(first, key)], new Date(), new Date(Date.now() + 86_400_000), 1);
    if (outcome?.kind !== 'recorded' || !outcome.body.includes(`"accepted":${expectAccepted},`)) throw new Error(`unexpected outcome: ${JSON.stringify(outcome).slice(0, 300)}`);
  };

  const text = await readFile(FUNCTION_FILE, 'utf8');
  const variants: Array<{ name: string; text: string }> = [
    { name: 'fresh, as it is', text },
    ...[['rollup'], ['answer text'], ['stored answer'], ['rollup', 'answer text', 'stored answer']].map((cuts) => ({ name: `fresh, without ${cuts.join(', ')}`, text: variant(text, cuts) })),
  ];
  for (let round = 0; round < rounds; round += 1) {
    for (const v of variants) {
      await pool.query(v.text);
      for (let k = 0; k < CALLS_PER_VARIANT; k += 1) {
        const first = nextEvent;
        nextEvent += BATCH;
        await measure(v.name, () => ingest(first, `fresh-${first}`, BATCH));
        if (v.text === text) await measure('replay (all duplicates)', () => ingest(first, `replay-${first}`, 0));
      }
    }
    for (let k = 0; k < CALLS_PER_VARIANT; k += 1) {
      const ids = Array.from({ length: BATCH }, (_, i) => `ref-${round}-${k}-${i}`);
      const values = [tenant.accountId, tenant.meterId, ids, ids.map(() => enrollment.customerId), ids.map((_, i) => `${(i % 97) / 10}`), ids.map(() => timestamp)];
      await measure('reference 2 statement', async () => void (await pool.query({ name: 'ref', text: REFERENCE_INSERT, values })));
    }
  }
  console.log(`PostgreSQL CPU per call of ${BATCH} events (mean of each line's calls; /proc ticks of 10 ms)`);
  for (const [name, total] of totals) console.log(`  ${name}: ${(total.ms / total.calls).toFixed(2)} ms (${total.calls} calls)`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
