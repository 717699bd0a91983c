// `webhooks listen`: a developer's window on the event log, like `stripe listen`. It polls
// GET /account/events with the account's key and forwards each event recorded after it started,
// signed by a secret of its own (printed at start), to a local URL, a line per delivery. It talks
// to the HTTP API only, so it works while the service runs on the embedded database.
import { newWebhookSecret, signWebhook } from '../modules/webhooks/index.ts';

export interface ListenOptions {
  forwardTo: string;
  apiKey: string;
  baseUrl: string;
  /** Event kinds to forward; empty: all. */
  events: string[];
  intervalMs: number;
  /** Written a line at a time (stdout in the CLI). */
  print: (line: string) => void;
  signal: AbortSignal;
}

export interface ListedEvent {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}

/** Events commit in an order their ids (UUIDv7, taken at the start of each transaction) need not follow: look back this far. */
export const OVERLAP_MS = 10_000;

/**
 * When the service recorded an event, in its real time: the millisecond timestamp of the UUIDv7 id
 * (the order GET /account/events lists by). Never `createdAt`: that is billing time, which a
 * sandbox test clock moves ahead (a cursor on it skipped past every later event and then dropped
 * the events it had seen, re-sending them at every poll). docs/decisions/test-clock.md.
 */
export function recordedAt(event: Pick<ListedEvent, 'id' | 'createdAt'>): number {
  const hex = event.id.replace(/-/g, '');
  if (hex.length === 32 && hex[12] === '7') return Number.parseInt(hex.slice(0, 12), 16);
  return Date.parse(event.createdAt);
}
const FORWARD_TIMEOUT_MS = 10_000;
const MAX_PAGES_PER_POLL = 50;

export class ListenError extends Error {}

export async function listen(options: ListenOptions): Promise<void> {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers = { authorization: `Bearer ${options.apiKey}` };
  const fetchPage = async (cursor: string | null): Promise<{ events: ListedEvent[]; nextCursor: string | null }> => {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${base}/account/events?${query}`, { headers, signal: options.signal });
    if (res.status === 401 || res.status === 403) throw new ListenError(`The service refused the key (${res.status}): set API_KEY (or --api-key) to a secret key with the account:read scope.`);
    if (!res.ok) throw new Error(`GET /account/events answered ${res.status}`);
    return (await res.json()) as { events: ListedEvent[]; nextCursor: string | null };
  };

  // Everything recorded up to now (and within the overlap before it) counts as seen. Times are the
  // service's (recordedAt: its ids), never this machine's clock.
  const handled = new Map<string, number>();
  const first = await fetchPage(null).catch((error: unknown) => {
    if (error instanceof ListenError) throw error;
    throw new ListenError(`Cannot reach the service at ${base}: ${error instanceof Error ? error.message : String(error)}`);
  });
  let newest = first.events[0] ? recordedAt(first.events[0]) : 0;
  for (const event of await newEvents(fetchPage, handled, newest)) handled.set(event.id, recordedAt(event));

  const secret = newWebhookSecret();
  options.print(`Ready. Forwarding events to ${options.forwardTo}. Webhook signing secret for this session: ${secret} (Ctrl-C to stop)`);

  let reportedDown = false;
  while (!options.signal.aborted) {
    try {
      const fresh = await newEvents(fetchPage, handled, newest);
      reportedDown = false;
      for (const event of fresh) {
        handled.set(event.id, recordedAt(event));
        newest = Math.max(newest, recordedAt(event));
        if (options.events.length === 0 || options.events.includes(event.type)) await forward(options, secret, event);
      }
      // Forget what is far behind the overlap window: the set stays small.
      for (const [id, at] of handled) if (at < newest - 6 * OVERLAP_MS) handled.delete(id);
    } catch (error) {
      if (options.signal.aborted) break;
      if (error instanceof ListenError) throw error;
      if (!reportedDown) options.print(`${new Date().toISOString()}  cannot read events from ${base}: ${error instanceof Error ? error.message : String(error)} (retrying)`);
      reportedDown = true;
    }
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs);
      options.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(undefined);
      }, { once: true });
    });
  }
}

/** Pages back (newest first) until events are older than the overlap window; answers the unseen ones, oldest first. */
export async function newEvents(fetchPage: (cursor: string | null) => Promise<{ events: ListedEvent[]; nextCursor: string | null }>, handled: Map<string, number>, newest: number): Promise<ListedEvent[]> {
  const found: ListedEvent[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES_PER_POLL; page += 1) {
    const { events, nextCursor } = await fetchPage(cursor);
    for (const event of events) if (!handled.has(event.id)) found.push(event);
    const oldest = events[events.length - 1];
    if (!nextCursor || !oldest || recordedAt(oldest) < newest - OVERLAP_MS) break;
    cursor = nextCursor;
  }
  return found.reverse();
}

async function forward(options: ListenOptions, secret: string, event: ListedEvent): Promise<void> {
  const body = JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });
  const started = performance.now();
  let outcome: string;
  try {
    const res = await fetch(options.forwardTo, {
      method: 'POST',
      headers: { ...signWebhook([secret], event.id, new Date(), body), 'content-type': 'application/json' },
      body,
      redirect: 'manual',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await res.body?.cancel();
    outcome = `${res.status}`;
  } catch (error) {
    outcome = `error: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`;
  }
  options.print(`${new Date().toISOString()}  ${event.type}  ${event.id}  -> ${outcome} (${Math.round(performance.now() - started)} ms)`);
}
