// The repair poller: live charges still pending a few minutes after they were made are read back
// from their processor (adapter.retrieveCharge) and the answer applied like an event, so a missed
// or lost webhook does not leave a paid invoice open. Events kept waiting (processor-events.ts)
// are retried on the same round. A recurring durable job (every 60 s); each charge in its own
// transaction, a processor failure skips that charge until the next round. First, charges whose
// process died between the processor's call and its record are completed (charges-in-flight.ts),
// and refunds and Pix mandates likewise (refunds-in-flight.ts, mandates-in-flight.ts); an
// off-session charge of the cycle runner is settled at its record and its subscription takes its
// step (`offSessionStep`, handed over by background.ts).
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import { callProcessor, connectionSource, listStalePendingLive } from '../../modules/payments/index.ts';
import { completeChargesInFlight } from './charges-in-flight.ts';
import type { ReservedRequestAnswers } from './in-flight-runner.ts';
import { settleOffSession, type OffSessionStep } from './off-session-charges.ts';
import { applyProcessorEvent, applyWaiting } from './processor-events.ts';
import { completeMandatesInFlight } from './mandates-in-flight.ts';
import { completeRefundsInFlight } from './refunds-in-flight.ts';

/** A charge younger than this is left to its webhook. */
export const REPAIR_AFTER_MS = 5 * 60_000;
const BATCH = 100;

export async function repairPendingCharges(db: Db, clock: Clock, baseUrl: string, log?: BackgroundLog, answers: ReservedRequestAnswers | null = null, offSessionStep: OffSessionStep | null = null): Promise<number> {
  const source = connectionSource();
  if (!source) return 0;
  const completed = await completeChargesInFlight(db, clock, baseUrl, answers, log, settleOffSession(offSessionStep));
  if (completed > 0) log?.info({ completed }, 'live charges in flight recorded from their processor');
  const refunded = await completeRefundsInFlight(db, clock, baseUrl, answers, log);
  if (refunded > 0) log?.info({ refunded }, 'live refunds in flight recorded from their processor');
  const mandates = await completeMandatesInFlight(db, clock, baseUrl, answers, log);
  if (mandates > 0) log?.info({ mandates }, 'Pix mandates in flight recorded from their PSP');
  const stale = await listStalePendingLive(db, new Date(clock.now().getTime() - REPAIR_AFTER_MS), BATCH);
  let repaired = 0;
  const seen = new Set<string>();
  for (const payment of stale) {
    const live = await source.byId(db, payment.connection_id!);
    if (!live) continue;
    try {
      const event = await callProcessor(source.settings.timeoutMs, () => live.adapter.retrieveCharge(live.connection, payment.provider_id!, payment.method));
      if (event.kind === 'ignored') continue;
      const outcome = await db.transaction().execute((tx) => applyProcessorEvent(tx, live, event, clock.now(), baseUrl));
      if (outcome === 'applied') repaired += 1;
    } catch (error) {
      log?.error({ paymentId: payment.id, code: (error as { code?: string }).code }, 'repair poller: reading a charge back failed');
    }
    if (!seen.has(live.connection.id)) {
      seen.add(live.connection.id);
      await db.transaction().execute((tx) => applyWaiting(tx, live, clock.now(), baseUrl));
    }
  }
  return repaired;
}

export function repairPollerJob(db: Db, clock: Clock, baseUrl: string, log: BackgroundLog, answers: ReservedRequestAnswers | null = null, offSessionStep: OffSessionStep | null = null): BackgroundJob {
  return {
    queue: 'payments.repair',
    everySeconds: 60,
    run: async () => {
      const repaired = await repairPendingCharges(db, clock, baseUrl, log, answers, offSessionStep);
      if (repaired > 0) log.info({ repaired }, 'live charges repaired from their processor');
    },
  };
}
