// The sandbox processor: makes real, well-formed codes (a dynamic Pix BR Code and its QR, a boleto
// with correct check digits) that pay nothing. The Pix code's location is a short link to the
// sandbox confirmation page, so scanning the QR in a test leads to the button that confirms it.
import { randomBytes } from 'node:crypto';
import { buildBoleto, sandboxBoletoFreeField } from './codes/boleto.ts';
import { buildDynamicPixCode, buildStaticPixCode } from './codes/pix-br-code.ts';
import { qrPngBase64 } from './codes/qr-png.ts';
import type { ChargeRequest, PaymentProvider, ProviderCharge } from './provider.ts';

/** Bank code of sandbox boletos: 000 is assigned to no bank, so no real bank would accept one. */
export const SANDBOX_BANK_CODE = '000';
/** The sandbox processor's Pix key: an EVP-shaped key that belongs to nobody. */
const SANDBOX_PIX_KEY = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 86_400_000;
/** A boleto without an invoice due date is due this many days after the charge. */
export const DEFAULT_BOLETO_DAYS = 3;

/** `/pay/sandbox/pix/{token}`: the short link a sandbox BR Code carries (a BR Code field holds 99 characters). */
export function sandboxPixLocation(baseUrl: string, confirmToken: string): string {
  return `${baseUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}/pay/sandbox/pix/${confirmToken}`;
}

/**
 * Pix txid: at most 25 letters and digits in a BR Code. The last 24 hex digits of the payment id
 * (about 74 random bits) and a letter: a txid ending in "6304" would put "63046304" before the CRC,
 * which parsers that find the CRC field by pattern (pix-utils among them) misread.
 */
export function pixTxid(paymentId: string): string {
  return `${paymentId.replace(/-/g, '').slice(-24)}p`;
}

/**
 * The invoice's due date; for an invoice without one, or overdue (its due date's day is past), 3
 * days after the charge: a boleto issued today must be payable.
 */
export function boletoDueDate(invoiceDueDate: Date | null, now: Date): Date {
  if (invoiceDueDate && endOfDay(invoiceDueDate) > now) return invoiceDueDate;
  return new Date(now.getTime() + DEFAULT_BOLETO_DAYS * DAY_MS);
}

/** Start of the UTC day after `date`: a boleto is payable through its whole due date. */
function endOfDay(date: Date): Date {
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(start + DAY_MS);
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async createCharge(request: ChargeRequest): Promise<ProviderCharge> {
    const confirmToken = randomBytes(18).toString('base64url');
    const providerId = `sbx_${request.method}_${randomBytes(12).toString('hex')}`;
    const base = { provider: 'sandbox', providerId, confirmToken, expiresAt: null };
    switch (request.method) {
      case 'pix': {
        const txid = pixTxid(request.paymentId);
        const code = { amount: request.amount, txid, merchantName: request.account.name, merchantCity: 'SAO PAULO' };
        const payload = buildDynamicPixCode({ ...code, location: sandboxPixLocation(request.baseUrl, confirmToken) });
        return {
          ...base,
          pix: { payload, qrImage: await qrPngBase64(payload), providerPayload: buildStaticPixCode({ ...code, pixKey: SANDBOX_PIX_KEY }) },
          // The payer watches this countdown: real time, whatever the sandbox's test clock says.
          expiresAt: new Date((request.realNow ?? request.now).getTime() + request.pixExpiresInSeconds * 1000),
        };
      }
      case 'boleto': {
        const dueDate = boletoDueDate(request.invoice.dueDate, request.now);
        const codes = buildBoleto({ bankCode: SANDBOX_BANK_CODE, amount: request.amount, dueDate, freeField: sandboxBoletoFreeField(request.paymentId) });
        return { ...base, boleto: { ...codes, dueDate }, expiresAt: endOfDay(dueDate) };
      }
      case 'crypto':
        return { ...base, crypto: { network: 'test', settlementAsset: 'USDC', settlementNetwork: request.settlementNetwork } };
      case 'card':
        return base;
    }
  },
};
