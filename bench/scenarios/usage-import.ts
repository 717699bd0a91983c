// Scenario 12: `usage import` of an NDJSON file (50,000 events quick, 1,000,000 full) by the CLI as
// a seller runs it (a child process talking HTTP to the service), against the service's own batch
// rate of scenario 2 in the same run. Gate: at least half of it (the client is not the bottleneck).
// Check: every event stored once.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { enroll, METER_KEY } from '../lib/setup.ts';
import { round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';

export async function usageImportScenario(ctx: ScenarioContext): Promise<void> {
  const { profile, report, service } = ctx;
  const count = profile.usageImport!.events;
  const enrollment = await enroll(service.url, ctx.tenant, `${ctx.runId}-import`);
  const folder = await mkdtemp(join(tmpdir(), 'bench-import-'));
  try {
    const file = join(folder, 'usage.ndjson');
    await writeEvents(file, count, (i) => ({
      meter: METER_KEY,
      productId: ctx.tenant.productId,
      customerId: enrollment.customerId,
      value: String(1 + (i % 10)),
      eventId: `${ctx.runId}-import-${i}`,
      timestamp: ctx.eventTimestamp,
    }));
    const summary = await runImport(file, service.url, ctx.tenant.secretKey);
    const batchRow = report.rows.find((r) => r.database === service.kind && r.scenario.startsWith('2. batches'));
    const serviceRate = typeof batchRow?.ours === 'number' ? batchRow.ours : null;
    const ratio = serviceRate ? summary.eventsPerSecond / serviceRate : null;
    const gated = service.kind === 'postgres' && ratio !== null;
    report.row({
      database: service.kind,
      scenario: `12. usage import (CLI), ${count.toLocaleString('en')} events`,
      unit: 'events/s',
      ours: round(summary.eventsPerSecond, 0),
      reference: serviceRate,
      referenceName: 'service, fresh batches (2)',
      ratio,
      goal: gated ? '>= 0.5' : 'reported',
      verdict: !gated ? 'info' : ratio! >= 0.5 ? 'pass' : 'fail',
      gating: gated,
      note: `${round(summary.seconds, 1)} s for ${summary.events} events in ${summary.batches} batches of 1,000, 8 in flight`,
    });
    const [stored] = await service.withDatabase((sql) =>
      sql.query<{ events: string }>('select count(*) as events from usage_events where account_id = $1 and enrollment_id = $2', [ctx.tenant.accountId, enrollment.enrollmentId]),
    );
    report.check(service.kind, 'usage import: every event stored once', Number(stored!.events) === count && summary.accepted === count, `${count} in the file, ${summary.accepted} accepted, ${stored!.events} stored`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function writeEvents(file: string, count: number, event: (i: number) => object): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${JSON.stringify(event(i))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface Summary {
  events: number;
  accepted: number;
  batches: number;
  seconds: number;
  eventsPerSecond: number;
}

function runImport(file: string, baseUrl: string, apiKey: string): Promise<Summary> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'usage', 'import', file, '--json'],
      { env: { ...process.env, API_KEY: apiKey, BASE_URL: baseUrl }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`usage import failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout) as Summary)),
    );
  });
}
