// A payment that was settled before the service heard of it: the Rail's x402 settlements (the
// money moved when the authorization was settled), so it is born `confirmed`, with no pending
// charge, charge token or confirmation page. Records `payment.confirmed` like any confirmation.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney } from '../../core/money.ts';
import { recordEvent } from '../events/index.ts';
import { settledProviderProblem } from './crypto-settlement.ts';
import { toPaymentView } from './payment-view.ts';
import * as repo from './repository.ts';
import type { PaymentRow } from './tables.ts';

export interface SettledCryptoPayment {
  invoiceId: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  /** Who settled it (`sandbox` in the sandbox, `self` or `remote` in production), and its reference there: the transaction hash. */
  provider: string;
  providerId: string;
  network: 'main' | 'test';
  settlementNetwork: 'base' | 'solana';
}

export async function recordSettledCryptoPayment(tx: Tx, ctx: UseCaseContext, input: SettledCryptoPayment): Promise<PaymentRow> {
  const problem = settledProviderProblem(ctx.tenant.environment, input.provider);
  if (problem) throw new AppError('provider_not_configured', problem);
  const row: PaymentRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    invoice_id: input.invoiceId,
    provider: input.provider,
    provider_id: input.providerId,
    method: 'crypto',
    amount: formatMoney(input.amount, input.currency),
    currency: input.currency,
    status: 'confirmed',
    refunded_amount: '0',
    failure_code: null,
    failed_at: null,
    confirmed_at: ctx.now,
    charged_back_at: null,
    payer_name: null,
    payer_email: null,
    payer_document: null,
    pix_payload: null,
    pix_qr_image: null,
    provider_pix_payload: null,
    boleto_line: null,
    boleto_barcode: null,
    boleto_due_date: null,
    boleto_url: null,
    expires_at: null,
    network: input.network,
    settlement_asset: 'USDC',
    settlement_network: input.settlementNetwork,
    client_secret_hash: null,
    charge_token_hash: null,
    charge_token_used_at: null,
    confirm_token: null,
    card_processor: null,
    connection_id: null,
    processor_reference: null,
    charge_in_flight: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertPayment(tx, row);
  // No links to build (no boleto, no confirmation page): the view needs no read of the account or invoice.
  await recordEvent(tx, ctx, 'payment.confirmed', toPaymentView(row, ctx, null));
  return row;
}
