// `events tail`: prints each event recorded from now on, a line per event (or a JSON line with
// --json), by polling GET /account/events the way `webhooks listen` does.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BillingClient } from '../../packages/sdk/src/index.ts';
import { newEvents, OVERLAP_MS, recordedAt, type ListedEvent } from './webhooks-listen.ts';

export interface TailOptions {
  client: BillingClient;
  types: string[];
  intervalMs: number;
  json: boolean;
  print: (line: string) => void;
  signal: AbortSignal;
}

export async function tailEvents(options: TailOptions): Promise<void> {
  const fetchPage = async (cursor: string | null) =>
    (await options.client.unwrap(options.client.raw.GET('/account/events', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }))) as {
      events: ListedEvent[];
      nextCursor: string | null;
    };
  const seen = new Map<string, number>();
  const first = await fetchPage(null);
  // Ordered by when the service recorded them (their ids), never by createdAt, which a sandbox test clock moves.
  let newest = first.events[0] ? recordedAt(first.events[0]) : 0;
  for (const event of await newEvents(fetchPage, seen, newest)) seen.set(event.id, recordedAt(event));
  while (!options.signal.aborted) {
    for (const event of await newEvents(fetchPage, seen, newest)) {
      seen.set(event.id, recordedAt(event));
      newest = Math.max(newest, recordedAt(event));
      if (options.types.length > 0 && !options.types.includes(event.type)) continue;
      const subject = (event.data as { id?: unknown } | null)?.id;
      options.print(options.json ? JSON.stringify(event) : `${event.createdAt}  ${event.type.padEnd(28)}  ${event.id}${typeof subject === 'string' ? `  ${subject}` : ''}`);
    }
    for (const [id, at] of seen) if (at < newest - 6 * OVERLAP_MS) seen.delete(id);
    await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => undefined); // stopped
  }
}
