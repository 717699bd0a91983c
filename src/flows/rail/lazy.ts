// viem and the x402 packages are large: they are imported on the Rail's first use, never at the
// service's start (docs/decisions/rail.md). Each module is loaded once per process.
type Viem = typeof import('viem');
type ViemAccounts = typeof import('viem/accounts');
type X402Schemas = typeof import('@x402/core/schemas');
type X402Evm = typeof import('@x402/evm');
type X402Server = typeof import('@x402/core/server');
type Secp256k1 = typeof import('@noble/curves/secp256k1');
type X402Svm = typeof import('@x402/svm');
type X402SvmFacilitator = typeof import('@x402/svm/exact/facilitator');
type X402SvmClient = typeof import('@x402/svm/exact/client');
type SolanaKit = typeof import('@solana/kit');

let viem: Promise<Viem> | undefined;
let viemAccounts: Promise<ViemAccounts> | undefined;
let schemas: Promise<X402Schemas> | undefined;
let evm: Promise<X402Evm> | undefined;
let server: Promise<X402Server> | undefined;
let secp256k1: Promise<Secp256k1> | undefined;
let svm: Promise<X402Svm> | undefined;
let svmFacilitator: Promise<X402SvmFacilitator> | undefined;
let svmClient: Promise<X402SvmClient> | undefined;
let kit: Promise<SolanaKit> | undefined;

export const loadViem = (): Promise<Viem> => (viem ??= import('viem'));
export const loadViemAccounts = (): Promise<ViemAccounts> => (viemAccounts ??= import('viem/accounts'));
export const loadX402Schemas = (): Promise<X402Schemas> => (schemas ??= import('@x402/core/schemas'));
export const loadX402Evm = (): Promise<X402Evm> => (evm ??= import('@x402/evm'));
export const loadX402Server = (): Promise<X402Server> => (server ??= import('@x402/core/server'));
// viem's own recovery imports the curve on every call (a loader round trip under tsx, measured at
// 0.2 ms and up to 23 ms on a loaded machine): the settle's recovery uses the same library, loaded once.
export const loadSecp256k1 = (): Promise<Secp256k1> => (secp256k1 ??= import('@noble/curves/secp256k1'));
export const loadX402Svm = (): Promise<X402Svm> => (svm ??= import('@x402/svm'));
export const loadX402SvmFacilitator = (): Promise<X402SvmFacilitator> => (svmFacilitator ??= import('@x402/svm/exact/facilitator'));
export const loadX402SvmClient = (): Promise<X402SvmClient> => (svmClient ??= import('@x402/svm/exact/client'));
export const loadSolanaKit = (): Promise<SolanaKit> => (kit ??= import('@solana/kit'));
