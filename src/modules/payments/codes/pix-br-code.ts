// Pix BR Codes (Banco Central do Brasil, "Manual do BR Code" and the Pix dictionary of EMV IDs):
//   00 payload format "01"; 01 point of initiation "12" (single use: a charge is paid once);
//   26 merchant account information: 00 GUI "br.gov.bcb.pix", then 25 the location of a dynamic
//      code (a URL without scheme, where the payer's bank fetches the charge) or 01 the Pix key of
//      a static one; 52 MCC "0000"; 53 currency (ISO 4217 numeric, 986 for BRL); 54 amount;
//   58 country "BR"; 59 merchant name (25); 60 merchant city (15);
//   62 additional data: 05 txid; 63 CRC16-CCITT-FALSE of everything before it, "6304" included.
// The CRC comes from the `crc` library (crc16ccitt: polynomial 0x1021, initial 0xFFFF).
import { crc16ccitt } from 'crc';
import currencyCodes from 'currency-codes';
import { emvField, emvText } from './emv.ts';

export interface PixCodeFields {
  /** Decimal string with two places, e.g. "10.50". */
  amount: string;
  /** 1 to 25 letters and digits (the payment's reference). */
  txid: string;
  merchantName: string;
  merchantCity: string;
  /** ISO 4217 alphabetic code; Pix is BRL. */
  currency?: string;
}

const GUI = 'br.gov.bcb.pix';

function assertFields(fields: PixCodeFields): void {
  if (!/^(0|[1-9][0-9]{0,9})\.[0-9]{2}$/.test(fields.amount) || /^0\.00$/.test(fields.amount)) {
    throw new Error(`Pix amount must be a positive decimal with two places and at most 13 characters: ${fields.amount}`);
  }
  if (!/^[A-Za-z0-9]{1,25}$/.test(fields.txid)) throw new Error(`Pix txid must be 1 to 25 letters and digits: ${fields.txid}`);
}

function numericCurrency(code: string): string {
  const entry = currencyCodes.code(code);
  if (!entry) throw new Error(`unknown currency ${code}`);
  return entry.number.padStart(3, '0');
}

function assemble(accountInfo: string, fields: PixCodeFields): string {
  assertFields(fields);
  const body =
    emvField('00', '01') +
    emvField('01', '12') +
    emvField('26', accountInfo) +
    emvField('52', '0000') +
    emvField('53', numericCurrency(fields.currency ?? 'BRL')) +
    emvField('54', fields.amount) +
    emvField('58', 'BR') +
    emvField('59', emvText(fields.merchantName, 25)) +
    emvField('60', emvText(fields.merchantCity, 15)) +
    emvField('62', emvField('05', fields.txid)) +
    '6304';
  return body + crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic BR Code: the payer's bank reads the charge at `location` (host and path, no scheme). */
export function buildDynamicPixCode(input: PixCodeFields & { location: string }): string {
  const location = input.location.replace(/^https?:\/\//, '');
  return assemble(emvField('00', GUI) + emvField('25', location), input);
}

/** A static BR Code paying `pixKey` (the sandbox processor's own code: inspectable, not payable). */
export function buildStaticPixCode(input: PixCodeFields & { pixKey: string }): string {
  return assemble(emvField('00', GUI) + emvField('01', input.pixKey), input);
}
