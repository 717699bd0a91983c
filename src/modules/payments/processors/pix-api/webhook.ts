// The PSP's callback (`POST {webhookUrl}/pix`, body `{pix: [...]}`) carries no signature the service
// can check: the PSP authenticates itself with mTLS at the edge, outside this service. So the callback
// is only a hint: every charge it names is read back from the PSP, and the events come from that read.
import type { ProcessorConnection, ProcessorEvent, ProcessorWebhookRequest } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { parseRecurrenceCallback, parseRecurringChargeCallback } from './automatico.ts';
import { eventOfRead, readCharge, refundEventsOf } from './charges.ts';
import type { WirePix } from './wire.ts';

function callbackPix(rawBody: Buffer): WirePix[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ProcessorError('invalid_signature', 'The Pix callback is not JSON.', 'body');
  }
  const pix = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(pix) || pix.some((p) => typeof p !== 'object' || p === null || typeof (p as WirePix).endToEndId !== 'string')) {
    throw new ProcessorError('invalid_signature', 'The Pix callback is not the standard\'s {pix: [...]}.', 'body');
  }
  return pix as WirePix[];
}

export async function parseWebhook(connection: ProcessorConnection, request: ProcessorWebhookRequest, timeoutMs: number): Promise<ProcessorEvent[]> {
  // Pix Automático's callbacks come to the same URL under /cobr and /rec (see automatico.ts).
  if (request.subpath === '/cobr') return parseRecurringChargeCallback(connection, request.rawBody, timeoutMs);
  if (request.subpath === '/rec') {
    // A mandate's state, read back from the PSP (the payer approved, refused or revoked it).
    const statuses = await parseRecurrenceCallback(connection, request.rawBody, timeoutMs);
    return statuses.map((s) => ({ kind: 'mandate.changed', eventId: `pix_api:rec:${s.recurrenceId}:${s.status}`, recurrenceId: s.recurrenceId, state: s.state, failureCode: s.failureCode }));
  }
  // The standard's PSPs append "/pix" to the registered URL; some are configured to call it bare.
  if (request.subpath !== '/pix' && request.subpath !== '' && request.subpath !== '/') {
    throw new ProcessorError('invalid_signature', `No Pix callback at ${request.subpath}.`, 'path');
  }
  const events: ProcessorEvent[] = [];
  const read = new Set<string>();
  for (const claimed of callbackPix(request.rawBody)) {
    const txid = typeof claimed.txid === 'string' && /^[a-zA-Z0-9]{26,35}$/.test(claimed.txid) ? claimed.txid : null;
    if (!txid) {
      events.push({ kind: 'ignored', eventId: `pix_api:pix:${claimed.endToEndId}:no-txid`, reason: 'a Pix without a charge txid' });
      continue;
    }
    if (read.has(txid)) continue;
    read.add(txid);
    const found = await readCharge(connection, txid, timeoutMs);
    if (!found) {
      events.push({ kind: 'ignored', eventId: `pix_api:cob:${txid}:unknown`, reason: 'the PSP knows no such charge' });
      continue;
    }
    // The read is the truth, whatever the callback claimed (amount, payer, even which Pix).
    const event = eventOfRead(txid, found);
    events.push(event.kind === 'ignored' ? { ...event, reason: `${event.reason} (callback not confirmed by the PSP)` } : event);
    events.push(...refundEventsOf(txid, found.cob));
  }
  return events;
}
