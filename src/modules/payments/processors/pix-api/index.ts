// pix_api: the Banco Central's Pix API standard, served by the seller's own bank or PSP (one base
// URL per PSP), over mTLS with OAuth2 client credentials. No SDK exists: see client.ts.
import type { ProcessorAdapter, ProcessorSettings } from '../types.ts';
import { hasReceiver, RECEIVER_FIELDS, registerRecurrenceWebhooks } from './automatico.ts';
import { createCharge, retrieveCharge, saoPauloDate } from './charges.ts';
import { answerError, credential, pixCall, pixCallOk } from './client.ts';
import { refund } from './refunds.ts';
import { parseWebhook } from './webhook.ts';

/**
 * Credentials the adapter also reads when given: the PSP's CA (`caCertificate`, a homologation server
 * or a private CA), the token endpoint (`tokenUrl`, when not `{baseUrl}/oauth/token`), and for Pix
 * Automático the receiving account every recurring charge names (`receiverAccount`,
 * `receiverAccountType` CORRENTE / POUPANCA / PAGAMENTO, `receiverBranch`).
 */
export const pixApiOptionalCredentialFields = ['caCertificate', 'tokenUrl', ...RECEIVER_FIELDS] as const;

/** Used when the service does not say (ProcessorSettings.timeoutMs). */
export const PIX_API_DEFAULT_TIMEOUT_MS = 15_000;

function pixKeyPath(pixKey: string): string {
  return `/webhook/${encodeURIComponent(pixKey)}`;
}

/** The adapter with the service's settings (the wiring passes ProcessorSettings.timeoutMs). */
export function createPixApiAdapter(settings: Pick<ProcessorSettings, 'timeoutMs'>): ProcessorAdapter {
  const timeoutMs = settings.timeoutMs;
  return {
    name: 'pix_api',
    supportedMethods: ['pix'],
    credentialFields: ['baseUrl', 'clientId', 'clientSecret', 'certificate', 'privateKey', 'pixKey'],
    optionalCredentialFields: pixApiOptionalCredentialFields,
    secretFields: ['clientSecret', 'privateKey'],
    async check(connection) {
      // A token (the credentials and the certificate) and a harmless read naming the Pix key: a
      // 404 means no webhook yet, which still proves both.
      const answer = await pixCall(connection, { method: 'GET', path: pixKeyPath(credential(connection, 'pixKey')) }, timeoutMs);
      if (answer.status !== 200 && answer.status !== 404) throw answerError(answer.status, answer.body);
    },
    createCharge: (connection, request) => createCharge(connection, request, timeoutMs),
    refund: (connection, request) => refund(connection, request, timeoutMs),
    retrieveCharge: (connection, providerId) => retrieveCharge(connection, providerId, timeoutMs),
    parseWebhook: (connection, request) => parseWebhook(connection, request, timeoutMs),
    async registerWebhook(connection) {
      await pixCallOk(connection, { method: 'PUT', path: pixKeyPath(credential(connection, 'pixKey')), body: { webhookUrl: connection.webhookUrl } }, timeoutMs);
      // A receiving account opts in to Pix Automático: its callbacks (/rec, /cobr) come to the same URL.
      if (hasReceiver(connection)) await registerRecurrenceWebhooks(connection, timeoutMs);
    },
  };
}

export const pixApiAdapter: ProcessorAdapter = createPixApiAdapter({ timeoutMs: PIX_API_DEFAULT_TIMEOUT_MS });

export { resetPixClients } from './client.ts';
export { txidFor, refundIdFor, contractFor } from './ids.ts';
export { chargeKindOf, COBV_DAYS_AFTER_DUE } from './charges.ts';
export { saoPauloDate };
// Pix Automático (outside ProcessorAdapter; the subscriptions flow wires these).
export {
  createRecurrence,
  retrieveRecurrence,
  findRecurrenceByContract,
  cancelRecurrence,
  requestAuthorization,
  retrieveAuthorization,
  createRecurringCharge,
  retrieveRecurringCharge,
  registerRecurrenceWebhooks,
  hasReceiver,
  recurringDueDate,
  recurrenceStatusOf,
  authorizationStatusOf,
  recurringChargeEventOf,
  parseRecurrenceCallback,
  parseRecurringChargeCallback,
  type RecurrenceRequest,
  type RecurrenceStatus,
  type AuthorizationRequest,
  type AuthorizationStatus,
  type RecurringChargeRequest,
} from './automatico.ts';
