// The check the middleware makes on its own while the service is unreachable: the payment is
// well formed, pays the configured wallet at least the route price, is valid now and long enough
// (validityProblem), and its EIP-712 signature recovers to `from` (viem verifyTypedData).
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';

export interface Authorization {
  from: `0x${string}`;
  to: `0x${string}`;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: `0x${string}`;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^[0-9]{1,78}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;

/** The EIP-3009 authorization inside an `exact` payload, or null when it is not one. */
export function authorizationOf(payload: PaymentPayload): { authorization: Authorization; signature: `0x${string}` } | null {
  const inner = payload.payload as { authorization?: Record<string, unknown>; signature?: unknown } | undefined;
  const auth = inner?.authorization;
  if (!auth || typeof inner?.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(inner.signature)) return null;
  const text = (key: string) => (typeof auth[key] === 'string' ? (auth[key] as string) : '');
  if (!ADDRESS.test(text('from')) || !ADDRESS.test(text('to')) || !NONCE.test(text('nonce'))) return null;
  if (!UINT.test(text('value')) || !UINT.test(text('validAfter')) || !UINT.test(text('validBefore'))) return null;
  return {
    authorization: {
      from: text('from') as `0x${string}`,
      to: text('to') as `0x${string}`,
      value: text('value'),
      validAfter: text('validAfter'),
      validBefore: text('validBefore'),
      nonce: text('nonce').toLowerCase() as `0x${string}`,
    },
    signature: inner.signature as `0x${string}`,
  };
}

/** What the official facilitator asks of validBefore (@x402/evm exact: validBefore >= now + 6). */
export const MIN_VALIDITY_LEFT_SECONDS = 6;

/**
 * The validity rule, never widened: valid already (validAfter <= now) and valid at least until
 * `mustLastUntil` (>= now + 6 s). Grace passes a later `mustLastUntil` (the end of its window
 * plus the margin to settle), so a clock skew only ever narrows what is served.
 */
export function validityProblem(auth: Pick<Authorization, 'validAfter' | 'validBefore'>, nowSeconds: number, mustLastUntil = nowSeconds + MIN_VALIDITY_LEFT_SECONDS): string | null {
  if (BigInt(auth.validAfter) > BigInt(nowSeconds)) return 'invalid_exact_evm_payload_authorization_valid_after';
  if (BigInt(auth.validBefore) < BigInt(Math.max(mustLastUntil, nowSeconds + MIN_VALIDITY_LEFT_SECONDS))) return 'invalid_exact_evm_payload_authorization_valid_before';
  return null;
}

export async function checkLocally(payload: PaymentPayload, requirements: PaymentRequirements, nowSeconds: number, mustLastUntil: number): Promise<string | null> {
  const parsed = authorizationOf(payload);
  if (!parsed) return 'invalid_payload';
  const { authorization: auth, signature } = parsed;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (payload.accepted.scheme !== 'exact' || payload.accepted.network !== requirements.network || !same(payload.accepted.asset, requirements.asset)) return 'invalid_exact_evm_network_mismatch';
  if (!same(auth.to, requirements.payTo)) return 'invalid_exact_evm_recipient_mismatch';
  if (BigInt(auth.value) < BigInt(requirements.amount)) return 'invalid_exact_evm_authorization_value';
  const validity = validityProblem(auth, nowSeconds, mustLastUntil);
  if (validity) return validity;
  const extra = (requirements.extra ?? {}) as { name?: string; version?: string };
  if (!extra.name || !extra.version) return 'invalid_exact_evm_missing_eip712_domain';
  const [{ verifyTypedData, getAddress }, { authorizationTypes }] = await Promise.all([import('viem'), import('@x402/evm')]);
  try {
    const valid = await verifyTypedData({
      address: getAddress(auth.from),
      domain: { name: extra.name, version: extra.version, chainId: Number(requirements.network.split(':')[1]), verifyingContract: getAddress(requirements.asset) },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: { from: getAddress(auth.from), to: getAddress(auth.to), value: BigInt(auth.value), validAfter: BigInt(auth.validAfter), validBefore: BigInt(auth.validBefore), nonce: auth.nonce },
      signature,
    });
    return valid ? null : 'invalid_exact_evm_signature';
  } catch {
    return 'invalid_exact_evm_signature';
  }
}
