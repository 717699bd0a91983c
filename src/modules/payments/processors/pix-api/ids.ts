// Identifiers the service chooses at the PSP, derived from idempotency keys so a retried request
// names the same charge or refund (the PSP refuses a second one under the same id).
import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of [a-zA-Z0-9] from a SHA-256 of `input` (about 5.95 bits each). */
function digestId(input: string, length: number): string {
  let value = BigInt(`0x${createHash('sha256').update(input, 'utf8').digest('hex')}`);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  return out;
}

/** The charge's txid: 35 characters of [a-zA-Z0-9] (the standard's TxId is 26 to 35). */
export function txidFor(idempotencyKey: string): string {
  return digestId(`pix-api:txid:${idempotencyKey}`, 35);
}

/** A refund's id (the standard's DevolucaoId is 1 to 35 of [a-zA-Z0-9]). */
export function refundIdFor(idempotencyKey: string): string {
  return digestId(`pix-api:devolucao:${idempotencyKey}`, 35);
}

/**
 * The recurrence's `vinculo.contrato` (at most 35 characters): the PSP assigns the idRec on
 * POST /rec, so a retried POST is recognisable only by this contract id.
 */
export function contractFor(idempotencyKey: string): string {
  return digestId(`pix-api:contrato:${idempotencyKey}`, 35);
}
