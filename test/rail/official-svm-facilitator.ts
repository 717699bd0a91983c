// The official x402 facilitator for Solana as an HTTP peer for tests: @x402/core's x402Facilitator
// with @x402/svm's exact facilitator scheme and its own fee payer on the local Solana chain
// (solana-chain.ts), behind a bearer token (POST /verify, POST /settle, GET /supported).
import type { Server } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { createKeyPairSignerFromBytes, getBase58Decoder, type KeyPairSigner } from '@solana/kit';
import { x402Facilitator } from '@x402/core/facilitator';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { serveFacilitator } from './official-facilitator.ts';

/** A fresh Solana keypair as the 64 bytes `solana-keygen` writes (secret, then public), with its signer and base58 text. */
export async function solanaKeypair(): Promise<{ secret: Uint8Array; base58: string; signer: KeyPairSigner }> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // The raw 32 bytes are the tails of the PKCS#8 and SPKI encodings of an Ed25519 key.
  const secret = new Uint8Array([...privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32), ...publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)]);
  return { secret, base58: getBase58Decoder().decode(secret), signer: await createKeyPairSignerFromBytes(secret) };
}

export async function startOfficialSvmFacilitator(network: string, rpcUrl: string, feePayer: KeyPairSigner, token: string): Promise<{ url: string; server: Server }> {
  return serveFacilitator(new x402Facilitator().register(network as `${string}:${string}`, new ExactSvmScheme(toFacilitatorSvmSigner(feePayer, { defaultRpcUrl: rpcUrl }))), token);
}
