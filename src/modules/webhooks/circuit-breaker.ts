// The circuit breaker of a webhook endpoint (docs/webhooks.md, "Fair delivery"). Closed: deliveries
// run when due, at most the endpoint's concurrency cap at once. It counts attempts that got no
// answer (timeouts, refused or reset connections, DNS, TLS): those hold workers, up to the whole
// timeout each. An endpoint that answers, even with an error status, is up, and its deliveries
// follow their retry schedule. After `threshold` (5) unanswered attempts in a row, at least
// `minFailingMs` (10 s) into a run of failures, it opens for `openMs` (60 s): the endpoint's waiting deliveries move to the slow lane (their jobs
// wait until circuit_open_until; each keeps its own retry time, and runs at the later of the two).
// Once that passes it is half-open: the first delivery to run takes the probe (moving
// circuit_open_until past one attempt, so the others keep waiting) and is sent; a success closes
// the breaker and lets every waiting delivery go at its own time (so does any answer), no answer
// opens it again.
// Deliveries waiting in the lane make no attempts: their schedule and attempt counts stay whole.
import type { Executor, Tx } from '../../db/database.ts';
import { postponeKeyJobs, scheduleJobs } from '../../jobs/queue.ts';
import * as repo from './repository.ts';

export interface BreakerSettings {
  /** Failed attempts in a row that open the breaker... */
  threshold: number;
  /** ...spanning at least this long (so a burst of failures that the next retries answer does not open it). */
  minFailingMs: number;
  /** How long an open breaker keeps the endpoint's deliveries waiting before a probe. */
  openMs: number;
}

export const DEFAULT_BREAKER: BreakerSettings = { threshold: 5, minFailingMs: 10_000, openMs: 60_000 };
/** Beyond the attempt timeout, how long the others wait for the probe's answer before another probe may go. */
const PROBE_MARGIN_MS = 5_000;

export type Gate = { send: true; probe: boolean } | { send: false; waitUntil: Date };

/**
 * Whether a delivery to this endpoint may be sent now: always while the breaker is closed; never
 * while it is open (wait until it half-opens); once half-open, only by the one delivery that wins
 * the probe, which also moves the endpoint's other waiting jobs past the probe's attempt.
 */
export async function passGate(ex: Executor, endpointId: string, openUntil: Date | null, now: Date, attemptTimeoutMs: number): Promise<Gate> {
  if (openUntil === null) return { send: true, probe: false };
  if (openUntil > now) return { send: false, waitUntil: openUntil };
  const probeUntil = new Date(now.getTime() + attemptTimeoutMs + PROBE_MARGIN_MS);
  const won = await repo.takeProbe(ex, endpointId, now, probeUntil);
  if (!won) return { send: false, waitUntil: (await repo.circuitOpenUntil(ex, endpointId)) ?? now };
  await postponeKeyJobs(ex, endpointId, probeUntil);
  return { send: true, probe: true };
}

/**
 * After an answer: the endpoint is up, so a breaker that was open closes and its lane empties.
 * A 2xx (`ok`) also ends the run of failures of the three-day rule; an error status does not.
 */
export async function recordAnswer(tx: Tx, endpointId: string, ok: boolean, now: Date): Promise<void> {
  const wasOpen = await repo.resetFailures(tx, endpointId, ok);
  if (!wasOpen) return;
  // Each waiting delivery runs at its own retry time (now, if that has passed).
  const waiting = await repo.pendingDeliveryTimes(tx, endpointId);
  await scheduleJobs(
    tx,
    waiting.map((d) => ({ id: d.id, runAt: d.next_attempt_at && d.next_attempt_at > now ? d.next_attempt_at : now })),
  );
}

/**
 * After an attempt that got no answer (timeout, refused or reset connection, DNS, TLS), with the
 * endpoint row locked: counts it, and opens the breaker when the threshold is reached or the probe failed. Answers until when the endpoint's deliveries wait (null: they do not).
 */
export async function recordFailure(
  tx: Tx,
  endpoint: { id: string; consecutive_failures: number; circuit_open_until: Date | null },
  failingSince: Date,
  probe: boolean,
  now: Date,
  settings: BreakerSettings = DEFAULT_BREAKER,
): Promise<Date | null> {
  const failures = endpoint.consecutive_failures + 1;
  const open = endpoint.circuit_open_until;
  // Another attempt, in flight when the breaker opened, failing too: the breaker stays as it is.
  if (!probe && open !== null) {
    await repo.setConsecutiveFailures(tx, endpoint.id, failures, open);
    return open;
  }
  if (!probe && (failures < settings.threshold || now.getTime() - failingSince.getTime() < settings.minFailingMs)) {
    await repo.setConsecutiveFailures(tx, endpoint.id, failures, null);
    return null;
  }
  const until = new Date(now.getTime() + settings.openMs);
  await repo.setConsecutiveFailures(tx, endpoint.id, failures, until);
  await postponeKeyJobs(tx, endpoint.id, until);
  return until;
}
