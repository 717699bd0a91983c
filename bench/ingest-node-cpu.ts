// Node's CPU per event of a 1,000-event usage batch, part by part, in this process (no server, no
// database): parsing the body, Ajv's validation with the route's own schema and the service's
// compiler, normalizeEvents, the Idempotency-Key fingerprint's hash, building the ingestion call's
// parameters (ingestGroup's arrays), and turning the stored answer's text into bytes. Each part runs
// in turns with the others, and the median of the turns is printed, so a slower minute of a shared
// machine shows in every part alike. Used for docs/benchmarks.md, "Batch ingestion: where the time
// goes"; it measures no gate.
//
//   node --import tsx bench/ingest-node-cpu.ts [turns]
import { createHash, randomUUID } from 'node:crypto';
import { validatorCompiler } from '../src/http/validation.ts';
import { normalizeEvents, type UsageEventInput } from '../src/modules/metering/normalize.ts';
import { buildGroupCall } from '../src/modules/metering/repository.ts';
import { BatchBody } from '../src/modules/metering/schemas.ts';
import type { Tenant } from '../src/core/context.ts';

const EVENTS = 1000;
const BATCHES_PER_TURN = 200;

const productId = randomUUID();
const customerId = randomUUID();
const timestamp = new Date(Date.now() - 60_000).toISOString();
const body = `{"events":[${Array.from({ length: EVENTS }, (_, n) => `{"meter":"api_calls","productId":"${productId}","customerId":"${customerId}","timestamp":"${timestamp}","eventId":"bench-${n}","value":"${(n % 100) / 10}"}`).join(',')}]}`;
const bodyBytes = Buffer.from(body);
const tenant = { accountId: randomUUID(), environment: 'sandbox' } as Tenant;
const validate = validatorCompiler({ schema: BatchBody(EVENTS), httpPart: 'body', method: 'POST', url: '/metering/events/batch' }) as (data: unknown) => boolean;
const now = new Date();
const parsed = JSON.parse(body) as { events: UsageEventInput[] };
if (!validate(parsed)) throw new Error('the benchmark body does not validate');
const normalized = normalizeEvents(parsed.events, now, (i) => `events[${i}].`).events;
const answer = `{"results":[${normalized.map((e) => `{"index":${e.index},"eventId":"${e.eventId}","status":"accepted","timestamp":"${timestamp}"}`).join(',')}],"accepted":${EVENTS},"duplicates":0}`;

let sink = 0;
const parts: Record<string, () => void> = {
  'JSON.parse of the body': () => {
    sink += (JSON.parse(body) as { events: unknown[] }).events.length;
  },
  'Ajv validation (BatchBody)': () => {
    sink += validate(JSON.parse(body)) ? 1 : 0;
  },
  normalizeEvents: () => {
    sink += normalizeEvents(parsed.events, now, (i) => `events[${i}].`).events.length;
  },
  'fingerprint (SHA-256 of the body)': () => {
    sink += createHash('sha256').update('POST /metering/events/batch\n').update(bodyBytes).digest('hex').length;
  },
  "the call's parameters (buildGroupCall)": () => {
    sink += buildGroupCall([{ tenant, events: normalized, scope: 's', key: randomUUID(), lockName: 'l', fingerprint: 'f', batch: true, keyToConfirm: null }]).eventId.length;
  },
  "the answer's bytes (Buffer.from)": () => {
    sink += Buffer.from(answer).length;
  },
};

function microsPerEvent(run: () => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < BATCHES_PER_TURN; i += 1) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (BATCHES_PER_TURN * EVENTS);
}

const turns = Number(process.argv[2] ?? 7);
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(parts).map((name) => [name, []]));
for (let turn = 0; turn <= turns; turn += 1) {
  for (const [name, run] of Object.entries(parts)) {
    const us = microsPerEvent(run);
    if (turn > 0) samples[name]!.push(us); // the first turn warms up (compilation)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Node CPU per event, ${EVENTS}-event batches, median of ${turns} turns of ${BATCHES_PER_TURN} batches (Ajv's includes its JSON.parse)`);
for (const [name, xs] of Object.entries(samples)) console.log(`  ${name.padEnd(42)} ${median(xs).toFixed(3)} µs  (turns ${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)})`);
if (sink === 0) console.log('');
