// Verification of an x402 v2 `exact` EVM payment (EIP-3009 transferWithAuthorization), offline:
// the EIP-712 signature recovers to `from`, `to` is the seller's payTo, `value` is exactly the route
// price, and the validity window holds as @x402/evm's facilitator reads it (validAfter <= now,
// validBefore at least MIN_VALIDITY_SECONDS ahead), with no tolerance: an EIP-3009 token refuses
// anything else on chain. Whether the nonce was used is the caller's question (it needs the
// database). Reason codes are those of @x402/evm's v2 facilitator and the x402 v2 spec (§9).
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { loadSecp256k1, loadViem, loadViemAccounts, loadX402Evm, loadX402Schemas } from './lazy.ts';
import { chainIdOf } from './networks.ts';

export const REASONS = {
  invalidPayload: 'invalid_payload',
  invalidScheme: 'invalid_exact_evm_scheme',
  networkMismatch: 'invalid_exact_evm_network_mismatch',
  assetMismatch: 'invalid_exact_evm_asset_mismatch',
  missingDomain: 'invalid_exact_evm_missing_eip712_domain',
  recipientMismatch: 'invalid_exact_evm_recipient_mismatch',
  invalidSignature: 'invalid_exact_evm_signature',
  validBefore: 'invalid_exact_evm_payload_authorization_valid_before',
  validAfter: 'invalid_exact_evm_payload_authorization_valid_after',
  valueMismatch: 'invalid_exact_evm_payload_authorization_value_mismatch',
  nonceUsed: 'invalid_exact_evm_nonce_already_used',
  price: 'invalid_rail_route_price',
} as const;

/**
 * Seconds an authorization must still be valid for: @x402/evm's facilitator refuses one with
 * validBefore < now + 6 (a transaction sent now must land before it expires).
 */
export const MIN_VALIDITY_SECONDS = 6;

export interface Authorization {
  from: `0x${string}`;
  to: `0x${string}`;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: `0x${string}`;
}

export interface ParsedPayment {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  authorization: Authorization;
  signature: `0x${string}`;
}

export type Check<T> = { ok: true; value: T } | { ok: false; reason: string; message: string; payer?: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^[0-9]{1,78}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{2,20000}$/;

const fail = (reason: string, message: string, payer?: string): Check<never> => ({ ok: false, reason, message, ...(payer ? { payer } : {}) });

/** Shapes first (the official zod schemas), then the EIP-3009 payload inside. */
export async function parsePayment(rawPayload: unknown, rawRequirements: unknown): Promise<Check<ParsedPayment>> {
  const { PaymentPayloadV2Schema, PaymentRequirementsV2Schema } = await loadX402Schemas();
  const payload = PaymentPayloadV2Schema.safeParse(rawPayload);
  if (!payload.success) return fail(REASONS.invalidPayload, `paymentPayload is not an x402 v2 payment payload: ${payload.error.issues[0]?.path.join('.') ?? ''} ${payload.error.issues[0]?.message ?? ''}`.trim());
  const requirements = PaymentRequirementsV2Schema.safeParse(rawRequirements);
  if (!requirements.success) return fail(REASONS.invalidPayload, `paymentRequirements are not x402 v2 payment requirements: ${requirements.error.issues[0]?.path.join('.') ?? ''} ${requirements.error.issues[0]?.message ?? ''}`.trim());
  const inner = payload.data.payload as { authorization?: Record<string, unknown>; signature?: unknown };
  const auth = inner?.authorization;
  if (!auth || typeof auth !== 'object') return fail(REASONS.invalidPayload, 'payload.authorization is missing: only EIP-3009 `exact` payments are accepted');
  const text = (key: string) => (typeof auth[key] === 'string' ? (auth[key] as string) : '');
  if (!ADDRESS.test(text('from')) || !ADDRESS.test(text('to'))) return fail(REASONS.invalidPayload, 'authorization.from and authorization.to must be EVM addresses');
  if (!UINT.test(text('value')) || !UINT.test(text('validAfter')) || !UINT.test(text('validBefore'))) return fail(REASONS.invalidPayload, 'authorization.value, validAfter and validBefore must be unsigned integers in decimal');
  if (!NONCE.test(text('nonce'))) return fail(REASONS.invalidPayload, 'authorization.nonce must be 32 bytes of hex');
  if (typeof inner.signature !== 'string' || !SIGNATURE.test(inner.signature)) return fail(REASONS.invalidPayload, 'payload.signature must be hex');
  return {
    ok: true,
    value: {
      payload: payload.data as PaymentPayload,
      requirements: requirements.data as PaymentRequirements,
      authorization: {
        from: text('from') as `0x${string}`,
        to: text('to') as `0x${string}`,
        value: text('value'),
        validAfter: text('validAfter'),
        validBefore: text('validBefore'),
        nonce: text('nonce').toLowerCase() as `0x${string}`,
      },
      signature: inner.signature as `0x${string}`,
    },
  };
}

export interface ExpectedPayment {
  network: string;
  asset: string;
  payTo: string;
  /** Atomic units the route costs. */
  price: string;
  domain: { name: string; version: string } | null;
  /** Seconds since the epoch. */
  now: number;
  /** The signature's check begun earlier (signatureRecoversToFrom with the same network, asset and domain); made here when absent. */
  signatureValid?: Promise<boolean>;
}

/**
 * Whether the EIP-712 signature recovers to authorization.from, against the token's domain on
 * `network` (false without a domain). The recovery is the settle's heaviest CPU work (secp256k1
 * in pure JS, about 2 ms): a caller may start it first and run a query while it computes.
 */
export async function signatureRecoversToFrom(payment: ParsedPayment, signedFor: Pick<ExpectedPayment, 'network' | 'asset' | 'domain'>): Promise<boolean> {
  const { domain } = signedFor;
  if (!domain) return false;
  const { authorization: auth } = payment;
  const [{ getAddress, hashTypedData, parseSignature }, { publicKeyToAddress }, { authorizationTypes }, { secp256k1 }] = await Promise.all([
    loadViem(),
    loadViemAccounts(),
    loadX402Evm(),
    loadSecp256k1(),
  ]);
  try {
    const payer = getAddress(auth.from);
    const digest = hashTypedData({
      domain: { name: domain.name, version: domain.version, chainId: chainIdOf(signedFor.network)!, verifyingContract: getAddress(signedFor.asset) },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: {
        from: payer,
        to: getAddress(auth.to),
        value: BigInt(auth.value),
        validAfter: BigInt(auth.validAfter),
        validBefore: BigInt(auth.validBefore),
        nonce: auth.nonce,
      },
    });
    // What viem's verifyTypedData does (recover the signer of the digest, compare), with the curve
    // loaded once: 65-byte and 64-byte (EIP-2098) signatures alike.
    const { r, s, yParity } = parseSignature(payment.signature);
    const signer = new secp256k1.Signature(BigInt(r), BigInt(s)).addRecoveryBit(yParity!).recoverPublicKey(digest.slice(2)).toHex(false);
    return publicKeyToAddress(`0x${signer}`) === payer;
  } catch {
    return false;
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Everything but the nonce's history. Resolves with the payer's checksummed address. */
export async function checkExactPayment(payment: ParsedPayment, expected: ExpectedPayment): Promise<Check<string>> {
  const { requirements, payload, authorization: auth } = payment;
  const { getAddress } = await loadViem();
  const payer = getAddress(auth.from);
  if (requirements.scheme !== 'exact' || payload.accepted.scheme !== 'exact') return fail(REASONS.invalidScheme, 'only the exact scheme is supported', payer);
  if (requirements.network !== expected.network || payload.accepted.network !== expected.network) {
    return fail(REASONS.networkMismatch, `the Rail settles on ${expected.network}`, payer);
  }
  if (!same(requirements.asset, expected.asset) || !same(payload.accepted.asset, expected.asset)) return fail(REASONS.assetMismatch, `the Rail settles in ${expected.asset}`, payer);
  if (!same(requirements.payTo, expected.payTo) || !same(auth.to, expected.payTo)) return fail(REASONS.recipientMismatch, 'the authorization does not pay the seller wallet', payer);
  if (requirements.amount !== expected.price || payload.accepted.amount !== expected.price) {
    return fail(REASONS.price, `the route costs ${expected.price} atomic units; the requirements say ${requirements.amount}`, payer);
  }
  // Exactly the price: an overpayment would move more than the seller records (x402 v2 §6.1.2).
  if (BigInt(auth.value) !== BigInt(expected.price)) return fail(REASONS.valueMismatch, `the authorization's value ${auth.value} is not the price ${expected.price}`, payer);
  if (BigInt(auth.validBefore) < BigInt(expected.now + MIN_VALIDITY_SECONDS)) {
    return fail(REASONS.validBefore, `the authorization expires in less than ${MIN_VALIDITY_SECONDS} seconds (validBefore ${auth.validBefore}, now ${expected.now})`, payer);
  }
  if (BigInt(auth.validAfter) > BigInt(expected.now)) return fail(REASONS.validAfter, `the authorization is not valid yet (validAfter ${auth.validAfter}, now ${expected.now})`, payer);
  if (!expected.domain) return fail(REASONS.missingDomain, 'the asset EIP-712 domain is unknown (set assetDomain in the Rail settings)', payer);
  const valid = await (expected.signatureValid ?? signatureRecoversToFrom(payment, expected));
  if (!valid) return fail(REASONS.invalidSignature, 'the EIP-712 signature does not recover to authorization.from', payer);
  return { ok: true, value: payer };
}
