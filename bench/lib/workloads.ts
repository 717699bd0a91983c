// What the load generators send, and the ledger of what it should leave in the database.
// Every event has a pinned eventId and a value derived from its number, so the expected count and
// sum are known exactly. A request counts as pending until a 2xx answer is seen; requests cut off
// when a run stops are resent afterwards (same events, new Idempotency-Key), so the database can be
// compared with the ledger exactly, whatever the timing of the stop.

export interface EventTarget {
  meter: string;
  productId: string;
  /** The service resolves customer + product to the enrollment; references store it as is. */
  customerId: string;
  /** ISO timestamp pinned on every event, so resends land in the same hour. */
  timestamp: string;
}

export interface Workload {
  readonly path: string;
  /** The path of request `id`, when it is not always `path` (charges name their invoice). */
  pathOf?(id: number): string;
  /** Prefix of the Idempotency-Keys of this workload's requests (unique per run). */
  readonly keyPrefix: string;
  /** Builds the next request; registers it as pending. */
  next(): { id: number; body: string };
  /** The Authorization header of a request when it is not the run's one (requests spread over tenants). */
  authorizationOf(id: number): string | undefined;
  /** Records an answer: a 2xx with the expected content acknowledges the request. */
  answer(id: number, status: number, body: string): void;
  /** Requests sent (or built) but not acknowledged. */
  readonly pending: Map<number, string>;
  /** Unexpected answers, for the correctness verdict (first few kept with their bodies). */
  readonly problems: string[];
  problemCount: number;
  /** Throws when answers were wrong: measuring a server that answers wrongly is pointless. */
  assertHealthy(stage: string): void;
  /** Events the database must hold for this target once everything pending was resent. */
  readonly expected: { count: number; tenths: number };
}

/** Event values in tenths: 0.1 .. 9.7, never a float on the way (the sum is kept in integer tenths). */
export function tenthsOf(n: number): number {
  return 1 + (n % 97);
}
export function decimal(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Where a workload's events come from: event n's JSON, and the ledger of the events made. */
export interface EventSource {
  json(n: number): string;
  fresh(count: number): number;
  readonly expected: { count: number; tenths: number };
}

/** One event as JSON text; string building keeps the load generator cheap next to the servers. */
export class EventFactory implements EventSource {
  private readonly prefix: string;
  private created = 0;
  readonly expected = { count: 0, tenths: 0 };

  constructor(
    target: EventTarget,
    private readonly idPrefix: string,
  ) {
    this.prefix = `{"meter":${JSON.stringify(target.meter)},"productId":${JSON.stringify(target.productId)},"customerId":${JSON.stringify(target.customerId)},"timestamp":"${target.timestamp}"`;
  }

  /** The JSON of event n (the same text every time: replays send exactly the original). */
  json(n: number): string {
    return `${this.prefix},"eventId":"${this.idPrefix}-${n}","value":"${decimal(tenthsOf(n))}"}`;
  }

  /** Numbers of `count` new events, added to the expectation. */
  fresh(count: number): number {
    const first = this.created;
    for (let n = first; n < first + count; n += 1) this.expected.tenths += tenthsOf(n);
    this.created += count;
    this.expected.count += count;
    return first;
  }
}

abstract class BaseWorkload implements Workload {
  readonly pending = new Map<number, string>();
  readonly problems: string[] = [];
  problemCount = 0;
  private requests = 0;

  constructor(
    readonly path: string,
    readonly keyPrefix: string,
    readonly events: EventSource,
  ) {}

  get expected() {
    return this.events.expected;
  }

  next(): { id: number; body: string } {
    const id = this.requests++;
    const body = this.build(id);
    this.pending.set(id, body);
    return { id, body };
  }

  answer(id: number, status: number, body: string): void {
    const problem = status >= 200 && status < 300 ? this.check(id, status, body) : `status ${status}`;
    if (problem === null) {
      this.pending.delete(id);
      return;
    }
    this.problemCount += 1;
    if (this.problems.length < 5) this.problems.push(`${problem}: ${body.slice(0, 300)}`);
  }

  authorizationOf(_id: number): string | undefined {
    return undefined;
  }

  assertHealthy(stage: string): void {
    if (this.problemCount > 0) throw new Error(`${stage}: ${this.problemCount} wrong answers, first: ${this.problems[0]}`);
  }

  protected abstract build(id: number): string;
  /** null when the 2xx answer says what it should. */
  protected abstract check(id: number, status: number, body: string): string | null;
}

/** POST /metering/events: one new event per request. */
export class SingleEvents extends BaseWorkload {
  /** Event number of each request, by request id, when the events' tenant depends on it. */
  private readonly eventOf: number[] = [];

  constructor(
    keyPrefix: string,
    events: EventSource,
    /** The Authorization of event n, when events are spread over tenants. */
    private readonly authorizationOfEvent?: (n: number) => string,
  ) {
    super('/metering/events', keyPrefix, events);
  }
  protected build(id: number): string {
    const n = this.events.fresh(1);
    if (this.authorizationOfEvent) this.eventOf[id] = n;
    return this.events.json(n);
  }
  override authorizationOf(id: number): string | undefined {
    return this.authorizationOfEvent?.(this.eventOf[id]!);
  }
  protected check(_id: number, status: number, body: string): string | null {
    // A resend of an event whose first answer was lost is a duplicate; both are fine.
    if (status === 201 && body.includes('"accepted"')) return null;
    if (status === 200 && body.includes('"duplicate"')) return null;
    return `unexpected answer ${status}`;
  }
}

/** Reads `"accepted":N` and `"duplicates":N` without parsing a 1000-result body. */
function batchCounts(body: string): { accepted: number; duplicates: number } | null {
  const accepted = /"accepted":(\d+)/.exec(body.slice(-200));
  const duplicates = /"duplicates":(\d+)/.exec(body.slice(-200));
  if (!accepted || !duplicates) return null;
  return { accepted: Number(accepted[1]), duplicates: Number(duplicates[1]) };
}

/** POST /metering/events/batch with `size` new events per request. */
export class FreshBatches extends BaseWorkload {
  /** First event number of each batch, by request id: a replay sends the same batches again. */
  readonly batchStarts: number[] = [];

  constructor(
    keyPrefix: string,
    events: EventSource,
    readonly size: number,
  ) {
    super('/metering/events/batch', keyPrefix, events);
  }

  protected build(id: number): string {
    const first = this.events.fresh(this.size);
    this.batchStarts[id] = first;
    return batchJson(this.events, first, this.size);
  }

  protected check(_id: number, _status: number, body: string): string | null {
    const counts = batchCounts(body);
    if (!counts || counts.accepted + counts.duplicates !== this.size) return 'batch answer does not account for every event';
    return null;
  }

  /** Batches acknowledged so far (their events are in the database). */
  acknowledgedStarts(): number[] {
    return this.batchStarts.filter((_first, id) => !this.pending.has(id));
  }

  /** Request ids of the batches acknowledged so far. */
  acknowledgedIds(): number[] {
    return this.batchStarts.flatMap((_first, id) => (this.pending.has(id) ? [] : [id]));
  }
}

const REPLAY_BODIES = 200;

function batchJson(events: EventSource, first: number, size: number): string {
  const parts: string[] = [];
  for (let n = first; n < first + size; n += 1) parts.push(events.json(n));
  return `{"events":[${parts.join(',')}]}`;
}

/** The same batches again (every event already recorded): each answer must say all duplicates. */
export class ReplayedBatches extends BaseWorkload {
  private readonly bodies: string[];
  private readonly size: number;
  /** The source's request id of each body (the body of replay request j is j mod their number). */
  readonly sourceIds: number[];

  /** shuffled: the bodies in an order unrelated to the source's (so a round-robin spread is not aligned with the original one). */
  constructor(keyPrefix: string, source: FreshBatches, shuffled = false) {
    // The replay adds no events: its expectation is the source's, unchanged.
    super('/metering/events/batch', keyPrefix, source.events);
    // A bounded set of bodies, cycled: memory stays small however long the run.
    this.sourceIds = source.acknowledgedIds().slice(-REPLAY_BODIES);
    if (shuffled) this.sourceIds.sort((a, b) => ((a * 2654435761) % 4093) - ((b * 2654435761) % 4093) || a - b);
    this.bodies = this.sourceIds.map((id) => batchJson(source.events, source.batchStarts[id]!, source.size));
    this.size = source.size;
    if (this.bodies.length === 0) throw new Error('no acknowledged batch to replay');
  }

  protected build(id: number): string {
    return this.bodies[id % this.bodies.length]!;
  }

  protected check(_id: number, _status: number, body: string): string | null {
    const counts = batchCounts(body);
    if (!counts || counts.accepted !== 0 || counts.duplicates !== this.size) return 'a replayed batch was not answered as all duplicates';
    return null;
  }
}
