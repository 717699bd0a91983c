// What a buyer's page offers for an invoice of a tenant: the methods it can be paid by, and which
// card form the page loads. A method is offered when a connected processor serves it (the
// operator's for a managed production account); in sandbox, every method the sandbox processor
// simulates is offered too (Pix and boleto for BRL only). The card form is the processor's own
// browser library when a processor serves card, the sandbox form otherwise.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { readCredentials } from './processors/processor-a/credentials.ts';
import { connectionSource } from './processors/connections.ts';
import { cryptoSettlerOf } from './crypto-settlement.ts';
import type { PaymentMethod } from './tables.ts';

export const PAY_METHODS: readonly PaymentMethod[] = ['pix', 'boleto', 'card', 'crypto'];

/** Adyen Web's environments: `test` for a sandbox connection, the live regions otherwise. */
export type ProcessorAWebEnvironment = 'test' | 'live' | 'live-us' | 'live-au' | 'live-nea' | 'live-in';

export type CardForm = { kind: 'sandbox' } | { kind: 'processor_b' } | { kind: 'processor_a'; environment: ProcessorAWebEnvironment };

export interface PayOptions {
  methods: PaymentMethod[];
  /** Null when card is not among the methods. */
  cardForm: CardForm | null;
}

/** Pix and boleto charge BRL invoices only. */
export function methodFitsCurrency(method: PaymentMethod, currency: string): boolean {
  return currency === 'BRL' || (method !== 'pix' && method !== 'boleto');
}

export async function payOptionsFor(ex: Executor, tenant: Tenant, currency: string): Promise<PayOptions> {
  const sandbox = tenant.environment === 'sandbox';
  const source = connectionSource();
  const methods: PaymentMethod[] = [];
  let cardForm: CardForm | null = null;
  for (const method of PAY_METHODS.filter((m) => methodFitsCurrency(m, currency))) {
    // Crypto settles through the Rail's networks, not a processor connection: in production, when
    // the account's own facilitator can settle it (crypto-settlement.ts), for a USD invoice (USDC is
    // one for one with the dollar only).
    const live = method === 'crypto' || !source ? null : await source.serving(ex, tenant, method);
    if (!live && !sandbox && !(method === 'crypto' && currency === 'USD' && (await cryptoSettlerOf(ex, tenant)))) continue;
    methods.push(method);
    if (method !== 'card') continue;
    if (!live) cardForm = { kind: 'sandbox' };
    else if (live.adapter.name === 'processor_a') {
      cardForm = { kind: 'processor_a', environment: live.connection.environment === 'sandbox' ? 'test' : readCredentials(live.connection).region };
    } else cardForm = { kind: 'processor_b' };
  }
  return { methods, cardForm };
}
