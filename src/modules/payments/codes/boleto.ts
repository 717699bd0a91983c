// Boleto bancário codes (FEBRABAN layout):
//   barcode (44): bank (3) + currency "9" + general check digit (mod 11) + due-date factor (4)
//                 + amount in cents (10) + free field (25, the bank's own layout)
//   line (47):    field 1 = bank + currency + free[0..5) + mod-10 DV; field 2 = free[5..15) + DV;
//                 field 3 = free[15..25) + DV; then the general DV; then factor + amount.
// Due-date factor: days since 1997-10-07; it reached 9999 on 2025-02-21 and restarted at 1000 on
// 2025-02-22, and restarts again every 9000 days.
const DAY_MS = 86_400_000;
const BASE_DATE = Date.UTC(1997, 9, 7);
const RESTART_DAYS = 10_000; // 2025-02-22

/** Modulo 10 with weights 2, 1, 2, 1... from the right, digits of products summed (line fields). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 with weights 2..9 from the right; results 0, 10 and 11 become 1 (the barcode's DV). */
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The due-date factor of a date (its UTC calendar day). */
export function dueDateFactor(dueDate: Date): string {
  const day = Date.UTC(dueDate.getUTCFullYear(), dueDate.getUTCMonth(), dueDate.getUTCDate());
  const days = Math.round((day - BASE_DATE) / DAY_MS);
  if (days < 1000) throw new Error(`no due-date factor before 2000-07-03: ${dueDate.toISOString()}`);
  const factor = days < RESTART_DAYS ? days : ((days - RESTART_DAYS) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

export interface BoletoInput {
  bankCode: string;
  /** Decimal string with two places (BRL). */
  amount: string;
  dueDate: Date;
  freeField: string;
}

export function buildBoleto(input: BoletoInput): { barcode: string; line: string } {
  if (!/^[0-9]{3}$/.test(input.bankCode)) throw new Error(`bank code must be 3 digits: ${input.bankCode}`);
  if (!/^[0-9]{25}$/.test(input.freeField)) throw new Error('free field must be 25 digits');
  const match = /^([0-9]+)\.([0-9]{2})$/.exec(input.amount);
  if (!match) throw new Error(`boleto amount must have two decimal places: ${input.amount}`);
  const cents = `${match[1]}${match[2]}`.replace(/^0+(?=.)/, '');
  if (cents.length > 10) throw new Error(`boleto amount too large: ${input.amount}`);
  const factor = dueDateFactor(input.dueDate);
  const amount = cents.padStart(10, '0');
  const head = `${input.bankCode}9`;
  const withoutDv = head + factor + amount + input.freeField;
  const dv = mod11(withoutDv);
  const barcode = `${head}${dv}${factor}${amount}${input.freeField}`;
  const free = input.freeField;
  const field1 = head + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  const line = `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${dv}${factor}${amount}`;
  return { barcode, line };
}

/** 25 digits from a payment id (its hex digits read as one number, last 25 decimal digits): the sandbox "our number". */
export function sandboxBoletoFreeField(paymentId: string): string {
  const value = BigInt(`0x${paymentId.replace(/-/g, '')}`);
  return (value % 10n ** 25n).toString().padStart(25, '0');
}
