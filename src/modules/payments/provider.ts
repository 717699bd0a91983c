// The provider seam: a charge is created through the tenant's payment provider. Sandbox tenants
// always use the sandbox provider (a test processor that behaves like a real one and moves no
// money); production tenants use the provider they connected, which is a later issue, so until
// then a production charge answers 409 `provider_not_configured` and writes nothing.
import type { Tenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { PaymentMethod } from './tables.ts';
import { sandboxProvider } from './sandbox-provider.ts';

export interface ChargeRequest {
  paymentId: string;
  method: PaymentMethod;
  /** The invoice's amountDue, formatted to the currency's minor unit ("10.50"). */
  amount: string;
  currency: string;
  account: { name: string };
  invoice: { id: string; dueDate: Date | null };
  /** Pix only: seconds the code stays payable (60..86400). */
  pixExpiresInSeconds: number;
  settlementNetwork: 'base' | 'solana';
  baseUrl: string;
  /** Billing time (a sandbox test clock when set): what dates the charge's bill, such as a boleto's due date. */
  now: Date;
  /** The real time when `now` is a sandbox test clock: a Pix code's life is counted down by the payer on it. */
  realNow?: Date;
}

/** What the provider made: stored on the payment row, plus credentials shown once. */
export interface ProviderCharge {
  provider: string;
  providerId: string;
  pix?: { payload: string; qrImage: string; providerPayload: string | null };
  boleto?: { line: string; barcode: string; dueDate: Date };
  crypto?: { network: 'main' | 'test'; settlementAsset: 'USDC'; settlementNetwork: 'base' | 'solana' };
  /** When a pending Pix or boleto lapses (fails with `expired`). */
  expiresAt: Date | null;
  /** Sandbox only: the token of the confirmation page (sandboxConfirmUrl). */
  confirmToken: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  createCharge(request: ChargeRequest): Promise<ProviderCharge>;
}

export function providerFor(tenant: Tenant): PaymentProvider {
  if (tenant.environment === 'sandbox') return sandboxProvider;
  throw new AppError(
    'provider_not_configured',
    'This account has no payment provider connected for production, so live charges cannot be created yet. ' +
      'Use a sandbox key (sk_test_) to try every method; connecting a provider (Pix, boleto, card, USDC) comes with the provider integrations.',
  );
}
