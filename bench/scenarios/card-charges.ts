// Scenario 14: card charge creation through a live processor connection, against a processor mock.
// Stripe (processor_b) is the validating mock the tests use (test/processor-mocks/validating-mock.ts:
// every request the service's `stripe` SDK sends is checked against Stripe's OpenAPI document with
// Prism's validator, then answered by the stateful StripeFake), running inside the benchmark's own
// process. A service process with SECRETS_KEY and PROCESSOR_B_API_URL pointing at the mock serves
// the scenario: on PostgreSQL a process of its own on the same database; on PGlite (one process at a
// time) the service restarted with those settings, and restored after. A new account connects
// processor_b with a production key and opens N invoices; then `POST /billing/invoices/{id}/payments
// {method: "card"}`, round robin over them (a new charge on an invoice with a pending one supersedes
// it, as for Pix, so every answer is a 201), each creating a PaymentIntent at the mock inside the
// request's transaction. Max charges/s (closed loop), then p50/p99 at half that (open loop).
// Reported, no gate and no reference. Checks: every answer a valid pending card payment whose
// nextAction is Stripe's; the mock recorded no validation violation; the PaymentIntents the fake
// holds equal the charges the service stored (and the requests sent); one pending charge per invoice.
// BENCH_PROCESSOR_DELAY_MS=300 makes the fake wait that long before each answer (a processor across
// the internet): the service calls the processor inside the request's transaction, so each charge
// holds a pool connection for the processor's round trip (docs/benchmarks.md, scenario 14).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GOOD_SECRET_KEY, StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import { startValidatingMock, type ValidatingMock } from '../../test/processor-mocks/validating-mock.ts';
import { CardCharges, openInvoices, resendCharges } from '../lib/charges.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import { JsonClient } from '../lib/http.ts';
import { runOpenLoop } from '../lib/open-loop.ts';
import { REPO_ROOT } from '../lib/processes.ts';
import type { ServiceUnderTest } from '../lib/service.ts';
import { ADMIN_TOKEN } from '../lib/setup.ts';
import { median, percentile, round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';
import { percentiles } from './ingest-single.ts';

/** Stripe's document the tests validate against (processor-b/test-setup.ts's SPEC_PATH; that file needs vitest). */
const STRIPE_SPEC_PATH = join(REPO_ROOT, 'test/fixtures/processors/processor-b/stripe-openapi.json');
/** The master key of the scenario's service process: a fixed test key (its connection is the scenario's own). */
const SECRETS_KEY = Buffer.alloc(32, 14).toString('base64');
const PUBLISHABLE_KEY = 'pk_live_bench_card_charges';
/** openInvoices' invoices: one line of 49.90 BRL. */
const INVOICE_AMOUNT = '49.90';

/** The service process the scenario sends to, with the mock's settings, and how to give it back. */
async function serviceWithMock(ctx: ScenarioContext, env: Record<string, string>): Promise<{ service: ServiceUnderTest; release(): Promise<void> }> {
  if (ctx.startServiceProcess) {
    const service = await ctx.startServiceProcess('service, card charges (processor mock)', env);
    return { service, release: () => service.stop() };
  }
  const restart = ctx.service.restartWith?.bind(ctx.service);
  if (!restart) throw new Error('no way to start the service with the processor mock settings');
  await restart(env);
  return { service: ctx.service, release: () => restart({}) };
}

export async function cardChargeScenario(ctx: ScenarioContext): Promise<void> {
  const settings = ctx.profile.cardCharges!;
  const { report } = ctx;
  const kind = ctx.service.kind;
  const fake = new StripeFake();
  fake.delayMs = Number(process.env.BENCH_PROCESSOR_DELAY_MS ?? 0) || 0;
  const mock = await startValidatingMock({ specPath: STRIPE_SPEC_PATH, serverUrl: 'https://api.stripe.com/', fake: fake.handle });
  // The mock's own time per request (reading, Prism's validation, the fake): it shares the load generator's process.
  const mockMs: number[] = [];
  mock.server.on('request', (_req, res) => {
    const started = performance.now();
    res.once('finish', () => mockMs.push(performance.now() - started));
  });
  let dedicated: { service: ServiceUnderTest; release(): Promise<void> } | null = null;
  let liveKey: string | null = null;
  try {
    dedicated = await serviceWithMock(ctx, { SECRETS_KEY, PROCESSOR_B_API_URL: mock.url });
    const service = dedicated.service;
    liveKey = await connectedAccount(service.url, ctx.runId);
    const invoices = await openInvoices(service.url, { secretKey: liveKey }, settings.invoices, `${ctx.runId}-cards`);
    const headers = { authorization: `Bearer ${liveKey}` };
    const charges = new CardCharges(`${ctx.runId}-c14`, invoices, { amount: INVOICE_AMOUNT, publishableKey: PUBLISHABLE_KEY, intentOf: (id) => fake.intents.get(id) });
    const loop = { connections: settings.connections, headers };

    await runClosedLoop(service.url, charges, { ...loop, durationSeconds: ctx.profile.warmupSeconds });
    const rates: number[] = [];
    for (let r = 0; r < settings.rounds; r += 1) {
      rates.push((await runClosedLoop(service.url, charges, { ...loop, durationSeconds: settings.seconds })).requestsPerSecond);
      console.log(`  round ${r + 1}: ${round(rates.at(-1)!, 1)} card charges/s`);
    }
    const max = median(rates);
    const mockDuringLoops = mockMs.length ? `mock p50 ${percentile(mockMs, 50).toFixed(1)} ms, p99 ${percentile(mockMs, 99).toFixed(1)} ms per request` : 'no mock timing';
    report.row({
      database: kind,
      scenario: '14. card charges (processor mock): max throughput',
      unit: 'charges/s',
      ours: round(max, 1),
      reference: null,
      referenceName: '-',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      rounds: { ours: rates, reference: [], ratios: [] },
      note: `${settings.connections} connections, ${settings.rounds} x ${settings.seconds} s over ${invoices.length} invoices; each charge a PaymentIntent at Stripe's validating mock (in the load generator's process: ${mockDuringLoops}${fake.delayMs ? `, answering after ${fake.delayMs} ms (BENCH_PROCESSOR_DELAY_MS)` : ''})`,
    });

    mockMs.length = 0;
    const open = await runOpenLoop(service.url, charges, { durationSeconds: settings.latencySeconds, headers, connections: 64, ratePerSecond: Math.max(1, max / 2) });
    const note = `${percentiles(open)}${mockMs.length ? `; mock p50 ${percentile(mockMs, 50).toFixed(1)} ms, p99 ${percentile(mockMs, 99).toFixed(1)} ms per request` : ''}`;
    for (const [label, value] of [['p50', open.p50Ms], ['p99', open.p99Ms]] as const) {
      report.row({
        database: kind,
        scenario: `14. card charges (processor mock): ${label} at half max`,
        unit: 'ms',
        ours: round(value, 1),
        reference: null,
        referenceName: '-',
        ratio: null,
        goal: 'reported',
        verdict: 'info',
        gating: false,
        ...(label === 'p99' ? { note } : {}),
      });
    }

    await resendCharges(service.url, charges, headers);
    await verifyCardCharges(ctx, dedicated.service, charges, invoices, fake, mock);
  } finally {
    // Disconnected, the charges keep their provider but no connection (payments.connection_id is
    // set null): no other process of the service (without the mock's settings) will ever read them
    // back from a processor (the repair poller takes live pending charges older than 5 minutes).
    if (dedicated && liveKey) await disconnect(dedicated.service.url, liveKey).catch((error: unknown) => console.error(`  card charges: disconnecting processor_b failed: ${String(error)}`));
    await dedicated?.release();
    await mock.close();
  }
}

/** A new account, with processor_b connected (and checked) on its production key; answers that key. */
async function connectedAccount(url: string, runId: string): Promise<string> {
  const admin = new JsonClient(url, `Bearer ${ADMIN_TOKEN}`, 1);
  const created = await admin
    .expect<{ keys: Array<{ type: string; environment: string; key: string }> }>('POST', '/admin/accounts', { name: `Benchmark card charges ${runId}` }, [201])
    .finally(() => admin.close());
  const liveKey = created.keys.find((k) => k.type === 'secret' && k.environment === 'production')?.key;
  if (!liveKey) throw new Error('POST /admin/accounts returned no production secret key');
  const put = await fetch(`${url}/account/providers/processor_b`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json', 'idempotency-key': `${runId}-c14-connect` },
    body: JSON.stringify({ methods: ['card'], credentials: { secretKey: GOOD_SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: 'whsec_live_bench_card_charges' } }),
  });
  if (put.status !== 200) throw new Error(`PUT /account/providers/processor_b answered ${put.status}: ${(await put.text()).slice(0, 600)}`);
  const api = new JsonClient(url, `Bearer ${liveKey}`, 1);
  const checked = await api.expect<{ status: string; statusReason?: string | null }>('POST', '/account/providers/processor_b/check', {}, [200]).finally(() => api.close());
  if (checked.status !== 'active') throw new Error(`processor_b check: ${checked.status} (${checked.statusReason ?? ''})`);
  return liveKey;
}

async function disconnect(url: string, liveKey: string): Promise<void> {
  const res = await fetch(`${url}/account/providers/processor_b`, { method: 'DELETE', headers: { authorization: `Bearer ${liveKey}`, 'idempotency-key': `c14-disconnect-${Date.now()}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`DELETE /account/providers/processor_b answered ${res.status}`);
}

async function verifyCardCharges(ctx: ScenarioContext, service: ServiceUnderTest, charges: CardCharges, invoices: string[], fake: StripeFake, mock: ValidatingMock): Promise<void> {
  const kind = service.kind;
  const [stored] = await service.withDatabase((sql) =>
    sql.query<{ charges: string; pending: string; through_connection: string; invoices_with_many_pending: string }>(
      `select count(*)::text as charges,
              count(*) filter (where status = 'pending')::text as pending,
              count(*) filter (where method = 'card' and provider = 'processor_b' and connection_id is not null)::text as through_connection,
              (select count(*) from (select invoice_id from payments where invoice_id = any($1::uuid[]) and status = 'pending' group by invoice_id having count(*) > 1) x)::text as invoices_with_many_pending
         from payments where invoice_id = any($1::uuid[])`,
      [invoices],
    ),
  );
  const storedCharges = Number(stored!.charges);
  ctx.report.check(
    kind,
    '14. card charges: every answer a valid pending card payment with a processor_b_payment_intent nextAction',
    charges.problemCount === 0 && charges.pending.size === 0,
    `sent ${charges.sent}, wrong ${charges.problemCount}, unanswered ${charges.pending.size}${charges.problems[0] ? `, first: ${charges.problems[0]}` : ''}`,
  );
  ctx.report.check(
    kind,
    "14. card charges: every request to the mock matched Stripe's OpenAPI document",
    mock.violations.length === 0 && mock.requests.length > 0,
    `${mock.requests.length} requests, ${mock.violations.length} violations${mock.violations[0] ? `, first: ${mock.violations[0].method} ${mock.violations[0].path}: ${mock.violations[0].problems.slice(0, 3).join('; ')}` : ''}`,
  );
  ctx.report.check(
    kind,
    '14. card charges: PaymentIntents at the mock = charges stored = requests sent',
    fake.intents.size === storedCharges && storedCharges === charges.sent && Number(stored!.through_connection) === storedCharges,
    `${fake.intents.size} PaymentIntents, ${storedCharges} charges stored (${stored!.through_connection} card charges through the connection), ${charges.sent} requests`,
  );
  ctx.report.check(
    kind,
    '14. card charges: exactly one pending charge per charged invoice',
    stored!.invoices_with_many_pending === '0' && Number(stored!.pending) === charges.acknowledgedByInvoice.size,
    `${charges.acknowledgedByInvoice.size} invoices charged, ${stored!.pending} pending charges, ${stored!.invoices_with_many_pending} invoices with more than one`,
  );
}
