// How payments reach a live connection without importing modules/providers (which imports this
// module's door for the registry): providers hands its lookups over at start (app.ts), the way
// wiring.ts joins areas. Without them every live charge answers 409 provider_not_configured.
import type { Tenant } from '../../../core/context.ts';
import type { Executor } from '../../../db/database.ts';
import type { PaymentMethod } from '../tables.ts';
import type { ProcessorAdapter, ProcessorConnection, ProcessorSettings } from './types.ts';

export interface LiveConnection {
  /** The tenant that owns the connection (the operator's, for managed accounts' charges). */
  owner: Tenant;
  connection: ProcessorConnection;
  adapter: ProcessorAdapter;
}

export interface ConnectionSource {
  /** The connection serving `method` for the tenant (the operator's for a managed production account), or null. */
  serving(ex: Executor, tenant: Tenant, method: PaymentMethod): Promise<LiveConnection | null>;
  /** A connection by id, whoever owns it (a payment's, for refunds, events and the poller). */
  byId(ex: Executor, connectionId: string): Promise<LiveConnection | null>;
  settings: ProcessorSettings;
}

let source: ConnectionSource | null = null;

export function useConnectionSource(next: ConnectionSource | null): void {
  source = next;
}

export function connectionSource(): ConnectionSource | null {
  return source;
}
