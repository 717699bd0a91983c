// processor_a (Adyen) through its official Node library, `@adyen/api-library`: card by Checkout
// sessions, Pix and boleto by `/payments`, refunds, and HMAC-signed notifications.
// docs/providers/processor-a.md is the seller's guide; docs there say what each choice is.
import type { ProcessorAdapter, ProcessorConnection, ProcessorEvent, ProcessorSettings } from '../types.ts';
import { createCharge } from './charges.ts';
import { checkoutApi } from './client.ts';
import { CREDENTIAL_FIELDS, OPTIONAL_CREDENTIAL_FIELDS, readCredentials, SECRET_FIELDS } from './credentials.ts';
import { parseNotifications } from './notifications.ts';
import { refund } from './refunds.ts';

/** Used by `processorAAdapter` (the real endpoints); the wiring builds its own with the service's settings. */
export const PROCESSOR_A_DEFAULT_SETTINGS: ProcessorSettings = { processorAApiUrl: null, processorBApiUrl: null, timeoutMs: 15_000 };

/**
 * Adyen has no read of a payment by its reference: the only read, `GET /sessions/{id}`, needs the
 * `sessionResult` the browser gets, and Pix and boleto have none. Notifications are the source of
 * truth (Adyen retries each until it is accepted, for days), so the repair poller learns nothing
 * here and keeps waiting; the charge's own expiry still applies.
 */
async function retrieveCharge(_connection: ProcessorConnection, providerId: string): Promise<ProcessorEvent> {
  return { kind: 'ignored', eventId: `${providerId}:read`, reason: 'processor_a has no read of a payment; its notifications confirm it' };
}

export function createProcessorAAdapter(settings: ProcessorSettings): ProcessorAdapter {
  return {
    name: 'processor_a',
    supportedMethods: ['card', 'pix', 'boleto'],
    credentialFields: CREDENTIAL_FIELDS,
    optionalCredentialFields: OPTIONAL_CREDENTIAL_FIELDS,
    secretFields: SECRET_FIELDS,
    async check(connection) {
      // A harmless authenticated read: the payment methods this merchant account offers in Brazil.
      const { merchantAccount } = readCredentials(connection);
      await checkoutApi(connection, settings).PaymentsApi.paymentMethods({ merchantAccount, countryCode: 'BR' });
    },
    createCharge: (connection, request) => createCharge(connection, settings, request),
    refund: (connection, request) => refund(connection, settings, request),
    retrieveCharge,
    parseWebhook: async (connection, request) => parseNotifications(connection, request),
  };
}

export const processorAAdapter: ProcessorAdapter = createProcessorAAdapter(PROCESSOR_A_DEFAULT_SETTINGS);
