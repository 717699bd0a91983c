// After an ingestion scenario: resend what was cut off, then check the stored events against the
// ledger (service and reference alike), the service's rollups against its raw events, and an
// invoice of the ingested usage against the raw sum times the unit price.
import { rawTotals } from '../lib/seed.ts';
import { resendPending, rollupsMatchRaw, sameDecimal, storedEvents } from '../lib/checks.ts';
import { JsonClient } from '../lib/http.ts';
import { UNIT_PRICE, type Enrollment } from '../lib/setup.ts';
import type { Workload } from '../lib/workloads.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';

export interface Ingested {
  label: string;
  /** Workloads that wrote to the same enrollment (fresh and replayed); the last one's ledger is the expectation. */
  workloads: Workload[];
  url: string;
  headers: Record<string, string>;
}

function reportProblems(ctx: ScenarioContext, ingested: Ingested): boolean {
  const problems = ingested.workloads.flatMap((w) => w.problems);
  const count = ingested.workloads.reduce((sum, w) => sum + w.problemCount, 0);
  const unresolved = ingested.workloads.reduce((sum, w) => sum + w.pending.size, 0);
  const ok = count === 0 && unresolved === 0;
  ctx.report.check(
    ctx.service.kind,
    `${ingested.label}: every answer as expected`,
    ok,
    ok ? 'all requests acknowledged' : `${count} unexpected answers, ${unresolved} never acknowledged; first: ${problems.slice(0, 2).join(' | ')}`,
  );
  return ok;
}

export async function verifyServiceIngestion(ctx: ScenarioContext, ingested: Ingested, enrollment: Enrollment): Promise<void> {
  for (const workload of ingested.workloads) await resendPending(ingested.url, workload, ingested.headers);
  reportProblems(ctx, ingested);
  const expected = ingested.workloads[ingested.workloads.length - 1]!.expected;
  const { accountId } = ctx.tenant;
  const from = hourStart(new Date(ctx.eventTimestamp));
  const to = new Date(new Date(ctx.eventTimestamp).getTime() + 1000);
  const facts = await ctx.service.withDatabase(async (sql) => ({
    stored: await storedEvents(sql, 'usage_events', accountId, enrollment.enrollmentId, expected),
    rollups: await rollupsMatchRaw(sql, accountId, enrollment.enrollmentId),
    raw: await rawTotals(sql, { accountId, enrollmentId: enrollment.enrollmentId, meterId: ctx.tenant.meterId, from, to }, UNIT_PRICE),
  }));
  ctx.report.check(
    ctx.service.kind,
    `${ingested.label}: stored events = sent (minus duplicates)`,
    facts.stored.matches,
    `expected ${expected.count} events, sum ${expected.tenths / 10}; stored ${facts.stored.count}, sum ${facts.stored.sum}`,
  );
  ctx.report.check(ctx.service.kind, `${ingested.label}: hourly rollups = raw events`, facts.rollups.matches, facts.rollups.detail);
  await checkInvoice(ctx, ingested.label, enrollment, from, to, facts.raw.total);
}

export async function verifyReferenceIngestion(ctx: ScenarioContext, ingested: Ingested, customerId: string): Promise<void> {
  for (const workload of ingested.workloads) await resendPending(ingested.url, workload, ingested.headers);
  reportProblems(ctx, ingested);
  const expected = ingested.workloads[ingested.workloads.length - 1]!.expected;
  const accountId = ctx.references!.accountId;
  const stored = await ctx.service.withDatabase((sql) => storedEvents(sql, 'ref_usage_events', accountId, customerId, expected));
  ctx.report.check(
    ctx.service.kind,
    `${ingested.label}: stored events = sent (minus duplicates)`,
    stored.matches,
    `expected ${expected.count} events; stored ${stored.count}, sum ${stored.sum}`,
  );
}

/** Invoices the ingested usage and compares the total with the raw sum times the unit price. */
async function checkInvoice(ctx: ScenarioContext, label: string, enrollment: Enrollment, from: Date, to: Date, expectedTotal: string): Promise<void> {
  const api = new JsonClient(ctx.service.url, serviceHeaders(ctx).authorization!, 1);
  try {
    const response = await api.send('POST', '/billing/invoices/from-usage', { customerId: enrollment.enrollmentId, from: from.toISOString(), to: to.toISOString() });
    const total = (response.body as { total?: string } | null)?.total;
    const ok = response.status === 201 && typeof total === 'string' && sameDecimal(total, expectedTotal);
    ctx.report.check(
      ctx.service.kind,
      `${label}: invoice of the ingested usage = raw sum x unit price`,
      ok,
      ok ? `total ${total}` : `expected total ${expectedTotal}; got ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
    );
  } finally {
    await api.close();
  }
}

function hourStart(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
}
