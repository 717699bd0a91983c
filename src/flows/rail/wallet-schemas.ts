// Shapes of the hosted checkout's wallet routes (wallet-routes.ts): x402 v2 payment requirements
// out, the wallet's signed payment payload in.
import { Type } from '@sinclair/typebox';

const ChargeToken = Type.String({ minLength: 1, maxLength: 200, description: "The crypto charge's single-use chargeToken (the credential of these keyless routes)." });

export const WalletParams = Type.Object({ paymentID: Type.String({ format: 'uuid' }) });

export const WalletRequirementsBody = Type.Object(
  {
    chargeToken: ChargeToken,
    payer: Type.Optional(
      Type.String({ minLength: 32, maxLength: 44, description: "Solana: the buyer wallet's address; the answer then carries the unsigned transaction it signs (`transaction`). Ignored on EVM." }),
    ),
  },
  { additionalProperties: false },
);

export const WalletPayBody = Type.Object(
  {
    chargeToken: ChargeToken,
    paymentPayload: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'An x402 v2 PaymentPayload of the `exact` scheme with `accepted` (the requirements signed for). EVM: `payload` `{signature, authorization}` (EIP-3009 TransferWithAuthorization, signed by the wallet with eth_signTypedData_v4). ' +
        "Solana: `payload` `{transaction}` (base64 wire transaction signed by the buyer's wallet, its fee payer the requirements' `extra.feePayer`, its memo `extra.memo`).",
    }),
  },
  { additionalProperties: false },
);

const Requirements = Type.Object({
  scheme: Type.Literal('exact'),
  network: Type.String({ description: 'CAIP-2 network of the seller wallet (the Rail settings).' }),
  amount: Type.String({ description: "The charge's amount in the token's atomic units (USD amount x 10^decimals)." }),
  asset: Type.String({ description: 'Token contract address (EVM) or mint (Solana).' }),
  payTo: Type.String({ description: 'The seller wallet.' }),
  maxTimeoutSeconds: Type.Integer(),
  extra: Type.Record(Type.String(), Type.Unknown(), {
    description: "EVM: the token's EIP-712 domain (`name`, `version`). Solana: `feePayer` (the Rail's), `memo` (binds the transaction to the charge), `recentBlockhash` and `lastValidBlockHeight`.",
  }),
});

export const WalletRequirements = Type.Object(
  {
    x402Version: Type.Literal(2),
    resource: Type.Object({ url: Type.String(), description: Type.Optional(Type.String()), mimeType: Type.Optional(Type.String()) }),
    accepts: Type.Array(Requirements),
    transaction: Type.Optional(Type.String({ description: 'Solana, when `payer` was given: the unsigned transaction (base64 wire format) for that wallet to sign.' })),
  },
  { title: 'WalletPaymentRequired' },
);

export const WalletPayment = Type.Object(
  {
    paymentId: Type.String({ format: 'uuid' }),
    status: Type.Union(['pending', 'confirmed', 'failed', 'refunded', 'charged_back'].map((s) => Type.Literal(s))),
    payer: Type.String({ description: 'The wallet that paid (EVM checksummed; Solana base58).' }),
    transaction: Type.String({ description: "The settlement's transaction hash (Solana: its signature; simulated in the sandbox); also the payment's providerId." }),
    network: Type.String(),
  },
  { title: 'WalletPaymentResult' },
);
