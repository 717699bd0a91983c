// What areas do for each other without importing each other: listeners a lower area calls through
// a port it owns. Every process that opens the database wires them (app.ts, cli.ts) before any use
// case runs; wiring twice changes nothing.
import { onEventRecorded } from './modules/events/index.ts';
import { fanOutEvents } from './modules/webhooks/index.ts';

export function wireAreas(): void {
  // Recorded events get their webhook deliveries in the same transaction, those recorded together
  // in one pass (modules/webhooks/fan-out.ts).
  onEventRecorded(fanOutEvents);
}
