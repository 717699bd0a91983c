// A processor_a connection's credentials, as the seller copies them from Adyen's Customer Area.
import type { CardSessionAction } from '../../card-action.ts';
import { ProcessorError, type ProcessorConnection } from '../types.ts';

export type LiveRegion = CardSessionAction['environment'];
export const LIVE_REGIONS: readonly LiveRegion[] = ['live', 'live-us', 'live-au', 'live-nea', 'live-in'];

/**
 * apiKey, merchantAccount, clientKey and hmacKey are required; liveUrlPrefix is required in
 * production (the live Checkout endpoint is `https://{prefix}-checkout-live.adyenpayments.com`);
 * region is optional (default `live`): the environment the browser's card form loads in, the
 * company account's region, which nothing else in the credentials says.
 */
export const CREDENTIAL_FIELDS = ['apiKey', 'merchantAccount', 'clientKey', 'hmacKey'] as const;
/** Accepted by the connection when given; the adapter refuses a production charge without liveUrlPrefix. */
export const OPTIONAL_CREDENTIAL_FIELDS = ['liveUrlPrefix', 'region'] as const;
export const SECRET_FIELDS = ['apiKey', 'hmacKey'] as const;

export interface ProcessorACredentials {
  apiKey: string;
  merchantAccount: string;
  clientKey: string;
  hmacKey: string;
  liveUrlPrefix: string | null;
  region: LiveRegion;
}

function isRegion(value: string): value is LiveRegion {
  return (LIVE_REGIONS as readonly string[]).includes(value);
}

/** Reads and checks a connection's credentials; a missing or malformed field is the seller's to fix. */
export function readCredentials(connection: ProcessorConnection): ProcessorACredentials {
  const given = connection.credentials;
  const missing = ['apiKey', 'merchantAccount', 'clientKey', 'hmacKey'].filter((field) => !given[field]);
  if (connection.environment === 'production' && !given.liveUrlPrefix) missing.push('liveUrlPrefix');
  if (missing.length > 0) throw new ProcessorError('provider_rejected', `processor_a credentials lack ${missing.join(', ')}`, 'credentials_incomplete');
  const region = given.region || 'live';
  if (!isRegion(region)) throw new ProcessorError('provider_rejected', `processor_a region must be one of ${LIVE_REGIONS.join(', ')}`, 'credentials_invalid');
  if (!/^[0-9a-fA-F]+$/.test(given.hmacKey ?? '') || given.hmacKey!.length % 2 !== 0) {
    throw new ProcessorError('provider_rejected', 'processor_a hmacKey must be the hexadecimal key the Customer Area shows', 'credentials_invalid');
  }
  return {
    apiKey: given.apiKey!,
    merchantAccount: given.merchantAccount!,
    clientKey: given.clientKey!,
    hmacKey: given.hmacKey!,
    liveUrlPrefix: given.liveUrlPrefix || null,
    region,
  };
}
