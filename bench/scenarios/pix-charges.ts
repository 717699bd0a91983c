// Scenario 9: Pix charge creation, POST /billing/invoices/{invoiceID}/payments {method: "pix"}:
// a BR Code and its QR PNG per request, one pending charge per invoice (a new charge supersedes
// the pending one). Max charges/s (closed loop) of the service against reference (5), the order
// alternating per round; p99 at half the reference's max (open loop, equal rate); then the
// latency of confirmation to `invoice.paid` (POST /test/payments/{id}/confirm, sequential).
// Gate: median ratio >= 1.0 (goal 1.5). Checks: every answer a valid charge, exactly one
// pending charge per invoice, and the service's stored charges equal the requests sent.
import { performance } from 'node:perf_hooks';
import { openInvoices, PixCharges, resendCharges } from '../lib/charges.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import { JsonClient } from '../lib/http.ts';
import { runOpenLoop } from '../lib/open-loop.ts';
import { median, percentile, round } from '../lib/stats.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';
import { percentiles } from './ingest-single.ts';

export const CHARGE_RATIO_GATE = 1.0;

export async function pixChargeScenario(ctx: ScenarioContext): Promise<void> {
  const { profile, report, service } = ctx;
  const settings = profile.charges!;
  const headers = serviceHeaders(ctx);
  const reference = ctx.references?.charges ? await ctx.references.charges() : null;
  const invoices = await openInvoices(service.url, ctx.tenant, settings.invoices, `${ctx.runId}-charges`);
  if (reference) {
    await service.withDatabase((sql) =>
      sql.query(`insert into ref_invoices select id, amount_due, currency, status from invoices where id = any($1::uuid[])`, [invoices]),
    );
  }
  const ours = new PixCharges(`${ctx.runId}-c9`, invoices);
  const ref = new PixCharges(`${ctx.runId}-r9`, invoices);
  const loop = { connections: settings.connections, headers };
  await runClosedLoop(service.url, ours, { ...loop, durationSeconds: profile.warmupSeconds });
  if (reference) await runClosedLoop(reference.url, ref, { ...loop, durationSeconds: profile.warmupSeconds });

  const oursRates: number[] = [];
  const refRates: number[] = [];
  for (let r = 0; r < profile.rounds; r += 1) {
    const order = r % 2 === 0 ? ['service', 'reference'] : ['reference', 'service'];
    for (const who of order) {
      if (who === 'service') oursRates.push((await runClosedLoop(service.url, ours, { ...loop, durationSeconds: settings.seconds })).requestsPerSecond);
      else if (reference) refRates.push((await runClosedLoop(reference.url, ref, { ...loop, durationSeconds: settings.seconds })).requestsPerSecond);
    }
  }
  ours.assertHealthy('service charges');
  ref.assertHealthy('reference charges');
  const ratios = refRates.map((rate, i) => oursRates[i]! / rate);
  const ratio = ratios.length ? median(ratios) : null;
  report.row({
    database: service.kind,
    scenario: '9. pix charges: max throughput',
    unit: 'charges/s',
    ours: round(median(oursRates), 1),
    reference: refRates.length ? round(median(refRates), 1) : null,
    referenceName: 'ref 5: naive charge (one transaction, qrcode PNG)',
    ratio: ratio === null ? null : round(ratio),
    goal: `>= ${CHARGE_RATIO_GATE}x (goal 1.5x)`,
    verdict: ratio === null ? 'info' : ratio >= CHARGE_RATIO_GATE ? 'pass' : 'fail',
    gating: ratio !== null,
    rounds: { ours: oursRates, reference: refRates, ratios },
  });

  if (reference) {
    const openLoop = { durationSeconds: profile.latencySeconds, headers, connections: 256 };
    const refHalf = await runOpenLoop(reference.url, ref, { ...openLoop, ratePerSecond: median(refRates) / 2 });
    const oursEqual = await runOpenLoop(service.url, ours, { ...openLoop, ratePerSecond: refHalf.ratePerSecond });
    report.row({
      database: service.kind,
      scenario: '9. pix charges: p99 at equal rate (ref half max)',
      unit: 'ms',
      ours: round(oursEqual.p99Ms, 1),
      reference: round(refHalf.p99Ms, 1),
      referenceName: 'ref 5, same rate',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      note: `service ${percentiles(oursEqual)}; reference ${percentiles(refHalf)}`,
    });
  }

  await resendCharges(service.url, ours, headers);
  await verifyCharges(ctx, ours, invoices);
  await confirmationLatency(ctx, settings.confirmations);
}

async function verifyCharges(ctx: ScenarioContext, ours: PixCharges, invoices: string[]): Promise<void> {
  const [stored] = await ctx.service.withDatabase((sql) =>
    sql.query<{ charges: string; invoices_with_many_pending: string; pending: string }>(
      `select count(*)::text as charges,
              (select count(*) from (select invoice_id from payments where invoice_id = any($1::uuid[]) and status = 'pending' group by invoice_id having count(*) > 1) x)::text as invoices_with_many_pending,
              count(*) filter (where status = 'pending')::text as pending
         from payments where invoice_id = any($1::uuid[])`,
      [invoices],
    ),
  );
  const charged = ours.acknowledgedByInvoice.size;
  ctx.report.check(ctx.service.kind, '9. pix charges: every request stored once (Idempotency-Key resends included)', ours.pending.size === 0 && Number(stored!.charges) === ours.sent, `sent ${ours.sent}, unanswered ${ours.pending.size}, stored ${stored!.charges}`);
  ctx.report.check(
    ctx.service.kind,
    '9. pix charges: exactly one pending charge per charged invoice',
    stored!.invoices_with_many_pending === '0' && Number(stored!.pending) === charged,
    `${charged} invoices charged, ${stored!.pending} pending charges, ${stored!.invoices_with_many_pending} invoices with more than one`,
  );
  if (ctx.references?.charges) {
    const [refStored] = await ctx.service.withDatabase((sql) =>
      sql.query<{ many: string }>(`select count(*)::text as many from (select invoice_id from ref_payments where status = 'pending' group by invoice_id having count(*) > 1) x`),
    );
    ctx.report.check(ctx.service.kind, '9. pix charges (ref 5): one pending charge per invoice', refStored!.many === '0', `${refStored!.many} invoices with more than one`);
  }
}

/** Confirms pending charges one at a time: the answer commits the payment and `invoice.paid` together. */
async function confirmationLatency(ctx: ScenarioContext, count: number): Promise<void> {
  const pending = await ctx.service.withDatabase((sql) =>
    sql.query<{ id: string; invoice_id: string }>(`select id, invoice_id from payments where account_id = $1 and status = 'pending' and method = 'pix' order by id limit $2`, [ctx.tenant.accountId, count]),
  );
  // After withDatabase: on PGlite it restarts the service, on another port.
  const api = new JsonClient(ctx.service.url, `Bearer ${ctx.tenant.secretKey}`, 1);
  try {
    const times: number[] = [];
    const wrong: string[] = [];
    for (const payment of pending) {
      const started = performance.now();
      const res = await api.send('POST', `/test/payments/${payment.id}/confirm`, {});
      times.push(performance.now() - started);
      if (res.status !== 200) wrong.push(`${payment.id}: ${res.status}`);
    }
    const ids = pending.map((p) => p.invoice_id);
    const [paid] = await ctx.service.withDatabase((sql) =>
      sql.query<{ paid: string; events: string }>(
        `select count(*) filter (where status = 'paid' and amount_due = 0)::text as paid,
                (select count(*) from events where type = 'invoice.paid' and data->>'id' = any($1::text[]))::text as events
           from invoices where id = any($1::uuid[])`,
        [ids],
      ),
    );
    ctx.report.check(ctx.service.kind, '9. confirmations: each pays its invoice once (invoice.paid recorded)', wrong.length === 0 && paid!.paid === String(ids.length) && paid!.events === String(ids.length), `${ids.length} confirmed, ${paid!.paid} invoices paid, ${paid!.events} invoice.paid events${wrong.length ? `, wrong: ${wrong.slice(0, 3).join('; ')}` : ''}`);
    ctx.report.row({
      database: ctx.service.kind,
      scenario: '9. confirmation to invoice.paid (sequential)',
      unit: 'ms',
      ours: times.length ? round(median(times), 1) : null,
      reference: null,
      referenceName: '-',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      note: times.length ? `${times.length} confirmations: p50 ${median(times).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms` : 'no pending charge',
    });
  } finally {
    await api.close();
  }
}
