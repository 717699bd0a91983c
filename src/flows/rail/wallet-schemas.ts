// Shapes of the hosted checkout's wallet routes (wallet-routes.ts): x402 v2 payment requirements
// out, the wallet's signed payment payload in.
import { Type } from '@sinclair/typebox';

const ChargeToken = Type.String({ minLength: 1, maxLength: 200, description: "The crypto charge's single-use chargeToken (the credential of these keyless routes)." });

export const WalletParams = Type.Object({ paymentID: Type.String({ format: 'uuid' }) });

export const WalletRequirementsBody = Type.Object({ chargeToken: ChargeToken }, { additionalProperties: false });

export const WalletPayBody = Type.Object(
  {
    chargeToken: ChargeToken,
    paymentPayload: Type.Record(Type.String(), Type.Unknown(), {
      description: 'An x402 v2 PaymentPayload of the `exact` EVM scheme: `accepted` (the requirements signed for) and `payload` `{signature, authorization}` (EIP-3009 TransferWithAuthorization, signed by the wallet with eth_signTypedData_v4).',
    }),
  },
  { additionalProperties: false },
);

const Requirements = Type.Object({
  scheme: Type.Literal('exact'),
  network: Type.String({ description: 'CAIP-2 network of the seller wallet (the Rail settings).' }),
  amount: Type.String({ description: "The charge's amount in the token's atomic units (USD amount x 10^decimals)." }),
  asset: Type.String({ description: 'Token contract address.' }),
  payTo: Type.String({ description: 'The seller wallet.' }),
  maxTimeoutSeconds: Type.Integer(),
  extra: Type.Record(Type.String(), Type.Unknown(), { description: "The token's EIP-712 domain: `name` and `version`." }),
});

export const WalletRequirements = Type.Object(
  {
    x402Version: Type.Literal(2),
    resource: Type.Object({ url: Type.String(), description: Type.Optional(Type.String()), mimeType: Type.Optional(Type.String()) }),
    accepts: Type.Array(Requirements),
  },
  { title: 'WalletPaymentRequired' },
);

export const WalletPayment = Type.Object(
  {
    paymentId: Type.String({ format: 'uuid' }),
    status: Type.Union(['pending', 'confirmed', 'failed', 'refunded', 'charged_back'].map((s) => Type.Literal(s))),
    payer: Type.String({ description: 'The wallet that paid (checksummed).' }),
    transaction: Type.String({ description: "The settlement's transaction hash (simulated in the sandbox); also the payment's providerId." }),
    network: Type.String(),
  },
  { title: 'WalletPaymentResult' },
);
