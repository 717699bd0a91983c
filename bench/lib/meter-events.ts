// The workload of the meters check (scenario 6): batches of events for a unique_count, a max and a
// latest meter, spread over several customers and past hours, with duplicates inside each batch
// that differ from the first occurrence (another distinct value, a larger value, a later time), and
// later whole batches sent again: byte for byte, and with every field but the ids changed. Only the
// first occurrence of an id may count, so the ledger below (what the raw events must hold) is
// computed from the fresh events alone, and what the service aggregates must equal the raw events.
import type { Workload } from './workloads.ts';

export const METER_HOURS = 6;
export const UNIQUE_PROPERTY = 'userId';

export type MeterKind = 'unique_count' | 'max' | 'latest';
export const METER_KINDS: readonly MeterKind[] = ['unique_count', 'max', 'latest'];

export interface MeterTarget {
  productId: string;
  /** Meter key by kind. */
  meters: Record<MeterKind, string>;
  /** Customer ids, each enrolled in the product. */
  customers: string[];
  /** Start of the first of METER_HOURS whole past hours the events fall in. */
  firstHour: Date;
}

export interface MeterEvent {
  eventId: string;
  kind: MeterKind;
  customer: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** Tenths, an integer (the value as a decimal string has one decimal). */
  tenths: number;
  /** The unique_count property's value (unique_count events only). */
  user: string | null;
}

const HOUR_MS = 3_600_000;

/** Fresh event n: its meter, customer, time within the hours, value and distinct value. */
export function freshEvent(prefix: string, n: number, customers: number, firstHour: Date): MeterEvent {
  const kind = METER_KINDS[n % 3]!;
  return {
    eventId: `${prefix}-${n}`,
    kind,
    customer: Math.floor(n / 3) % customers,
    at: firstHour.getTime() + ((n * 7919) % (METER_HOURS * 3600)) * 1000 + (n % 1000),
    tenths: 1 + ((n * 31) % 9973),
    user: kind === 'unique_count' ? `u${(n * 13) % 1009}` : null,
  };
}

/** A second occurrence of an id that must change nothing: another distinct value, a value above all, the last instant. */
export function conflictingCopy(event: MeterEvent, firstHour: Date, tag: string): MeterEvent {
  return {
    ...event,
    at: firstHour.getTime() + METER_HOURS * HOUR_MS - 1,
    tenths: 999_999,
    user: event.user === null ? null : `${tag}-${event.eventId}`,
  };
}

export function eventJson(target: MeterTarget, e: MeterEvent): string {
  const value = `${Math.floor(e.tenths / 10)}.${e.tenths % 10}`;
  const metadata = e.user === null ? '' : `,"metadata":{"${UNIQUE_PROPERTY}":${JSON.stringify(e.user)}}`;
  return `{"meter":"${target.meters[e.kind]}","productId":"${target.productId}","customerId":"${target.customers[e.customer]}","eventId":"${e.eventId}","timestamp":"${new Date(e.at).toISOString()}","value":"${value}"${metadata}}`;
}

function batchCounts(body: string): { accepted: number; duplicates: number } | null {
  const accepted = /"accepted":(\d+)/.exec(body.slice(-200));
  const duplicates = /"duplicates":(\d+)/.exec(body.slice(-200));
  return accepted && duplicates ? { accepted: Number(accepted[1]), duplicates: Number(duplicates[1]) } : null;
}

/**
 * Fresh batches: `size` new events, and after every tenth one a conflicting copy of the event three
 * places before it. The answer must accept the new events and call each copy a duplicate.
 */
export class MeterBatches implements Workload {
  readonly path = '/metering/events/batch';
  readonly pending = new Map<number, string>();
  readonly problems: string[] = [];
  problemCount = 0;
  /** Fresh events created so far (numbers 0..created-1): the ledger. */
  created = 0;
  /** First event number of each request, and whether it was acknowledged. */
  private readonly starts: number[] = [];
  private requests = 0;

  constructor(
    readonly keyPrefix: string,
    readonly idPrefix: string,
    readonly target: MeterTarget,
    readonly size: number,
  ) {}

  next(): { id: number; body: string } {
    const id = this.requests++;
    const first = this.created;
    this.created += this.size;
    this.starts[id] = first;
    const body = this.batch(first, true);
    this.pending.set(id, body);
    return { id, body };
  }

  /** The batch starting at fresh event `first`, with its in-batch duplicates when asked. */
  batch(first: number, withCopies: boolean, change?: (e: MeterEvent) => MeterEvent): string {
    const parts: string[] = [];
    const events: MeterEvent[] = [];
    for (let n = first; n < first + this.size; n += 1) {
      const event = freshEvent(this.idPrefix, n, this.target.customers.length, this.target.firstHour);
      events.push(event);
      parts.push(eventJson(this.target, change ? change(event) : event));
      if (withCopies && (n - first) % 10 === 9) parts.push(eventJson(this.target, conflictingCopy(events[events.length - 4]!, this.target.firstHour, 'dup')));
    }
    return `{"events":[${parts.join(',')}]}`;
  }

  get copiesPerBatch(): number {
    return Math.floor(this.size / 10);
  }

  authorizationOf(): string | undefined {
    return undefined;
  }

  answer(id: number, status: number, body: string): void {
    const counts = status === 200 ? batchCounts(body) : null;
    // A resend of a batch whose first answer was lost finds every event recorded: all duplicates.
    const fresh = counts && counts.accepted === this.size && counts.duplicates === this.copiesPerBatch;
    const resent = counts && counts.accepted === 0 && counts.duplicates === this.size + this.copiesPerBatch;
    if (fresh || resent) {
      this.pending.delete(id);
      return;
    }
    this.problemCount += 1;
    if (this.problems.length < 5) this.problems.push(`status ${status}, expected ${this.size} accepted and ${this.copiesPerBatch} duplicates: ${body.slice(-200)}`);
  }

  assertHealthy(stage: string): void {
    if (this.problemCount > 0) throw new Error(`${stage}: ${this.problemCount} wrong answers, first: ${this.problems[0]}`);
  }

  /** First event numbers of acknowledged batches. */
  acknowledgedStarts(): number[] {
    return this.starts.filter((_first, id) => !this.pending.has(id));
  }

  get expected(): { count: number; tenths: number } {
    return { count: this.created, tenths: 0 };
  }
}

export interface HourFigures {
  count: number;
  distinct: number;
  maxTenths: number;
  /** The latest event's value: latest by time, then by event id (byte order). */
  latestTenths: number;
  latestAt: number;
  latestId: string;
}

/** What the raw events must hold, per customer, meter and hour, and over the whole range: from the ledger. */
export function ledgerFigures(workload: MeterBatches): Map<string, { hours: Map<number, HourFigures>; users: Set<string>; all: HourFigures }> {
  const out = new Map<string, { hours: Map<number, HourFigures>; users: Set<string>; all: HourFigures }>();
  const hourUsers = new Map<string, Set<string>>();
  const empty = (): HourFigures => ({ count: 0, distinct: 0, maxTenths: 0, latestTenths: 0, latestAt: -Infinity, latestId: '' });
  const fold = (f: HourFigures, e: MeterEvent) => {
    f.count += 1;
    f.maxTenths = Math.max(f.maxTenths, e.tenths);
    if (e.at > f.latestAt || (e.at === f.latestAt && e.eventId > f.latestId)) [f.latestAt, f.latestId, f.latestTenths] = [e.at, e.eventId, e.tenths];
  };
  for (let n = 0; n < workload.created; n += 1) {
    const e = freshEvent(workload.idPrefix, n, workload.target.customers.length, workload.target.firstHour);
    const key = `${e.customer} ${e.kind}`;
    let entry = out.get(key);
    if (!entry) out.set(key, (entry = { hours: new Map(), users: new Set(), all: empty() }));
    const hour = Math.floor(e.at / HOUR_MS) * HOUR_MS;
    let figures = entry.hours.get(hour);
    if (!figures) entry.hours.set(hour, (figures = empty()));
    fold(figures, e);
    fold(entry.all, e);
    if (e.user !== null) {
      entry.users.add(e.user);
      const users = hourUsers.get(`${key} ${hour}`) ?? new Set<string>();
      users.add(e.user);
      hourUsers.set(`${key} ${hour}`, users);
      figures.distinct = users.size;
      entry.all.distinct = entry.users.size;
    }
  }
  return out;
}
