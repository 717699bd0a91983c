// Requests this process recorded lately, remembered so that a resend of one (a client retrying a
// request whose answer it lost, byte for byte, under a new Idempotency-Key) is answered without
// looking up each of its event ids: a duplicate looked up costs the database a probe and the
// making of its answer, and next to nothing when its answer comes made (docs/metering.md,
// "Resends answered from memory").
//
// A request is remembered when every event of it was accepted (recorded now, at its own time) and
// pins both its eventId and its timestamp. The same bytes again (same fingerprint, same tenant)
// then name the same events, each recorded at the time it names: each is a duplicate at that time.
// Safe across processes and restarts: a recorded event is never changed nor deleted. What is not
// remembered is looked up as before, and the request's other checks (key, enrollment, meter,
// invoiced periods) still run in the database for a remembered one.
//
// Two generations: new requests go to the current map; when it holds half the capacity it becomes
// the previous one and the oldest half is dropped whole. The memory holds the last capacity/2 to
// capacity requests, with no per-entry bookkeeping and one entry per request, not per event. Maps
// go from a fingerprint to its tenant: a request that was never recorded (the usual case) costs
// one lookup of the fingerprint idempotency computed anyway, and nothing is built for it.
import type { NormalizedEvent } from './normalize.ts';

export class RecentlyRecorded {
  private current = new Map<string, string>();
  private previous = new Map<string, string>();

  /** capacity: requests kept at most (0: remember nothing). */
  constructor(private readonly capacity: number) {}

  /** A request whose every event was just recorded (committed) at the time it pins. */
  remember(fingerprint: string, tenant: string): void {
    if (this.capacity === 0) return;
    if (this.current.size >= this.capacity / 2) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(fingerprint, tenant);
  }

  /** Whether this tenant's request with this fingerprint is remembered; `tenant` is called only on a match. */
  has(fingerprint: string, tenant: () => string): boolean {
    const recorded = this.current.get(fingerprint) ?? this.previous.get(fingerprint);
    return recorded !== undefined && recorded === tenant();
  }
}

/** The memory's name of a tenant: its account and environment. */
export function tenantName(accountId: string, environment: string): string {
  return `${accountId} ${environment}`;
}

/** Whether each event pins its eventId and timestamp, so that the same bytes name the same records. */
export function pinsIdsAndTimes(inputs: ReadonlyArray<{ eventId?: string; timestamp?: string }>): boolean {
  for (const input of inputs) if (input.eventId === undefined || input.timestamp === undefined) return false;
  return true;
}

/**
 * The answer to a resend of a remembered request, as the database makes it: each event a
 * duplicate at its recorded time (api_instant's form is toISOString's).
 */
export function duplicateAnswer(events: readonly NormalizedEvent[], batch: boolean): string {
  let results = '';
  // Events of a request mostly share their time: one text for a run of equal times.
  let lastTime = Number.NaN;
  let instant = '';
  for (const event of events) {
    const time = event.occurredAt.getTime();
    if (time !== lastTime) {
      instant = event.occurredAt.toISOString();
      lastTime = time;
    }
    const fields = `"eventId":${JSON.stringify(event.eventId)},"status":"duplicate","timestamp":"${instant}"}`;
    if (!batch) return `{${fields}`;
    results += `${results === '' ? '' : ','}{"index":${event.index},${fields}`;
  }
  return `{"results":[${results}],"accepted":0,"duplicates":${events.length}}`;
}
