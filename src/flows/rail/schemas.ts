import { Type } from '@sinclair/typebox';
import { DateTime } from '../../http/schemas.ts';

const Grace = Type.Object(
  {
    window: Type.String({ maxLength: 40, description: 'An ISO 8601 duration (PT10M, P1D) or `<n>s`, `<n>m`, `<n>h`.', examples: ['10m'] }),
    maxPerAgent: Type.String({ maxLength: 80, description: 'Atomic units of the asset, digits only: the most one agent may be served on credit during a window.', examples: ['50000'] }),
    maxTotal: Type.String({ maxLength: 80, description: 'Atomic units, digits only: the most all agents together may be served on credit during a window.', examples: ['1000000'] }),
    queueLimit: Type.Integer({ description: 'Unsettled payments a process may hold, 0 to 1,000,000.' }),
    clockSkewSeconds: Type.Integer({ description: '0 to 3600 seconds, stored for the seller middleware; it never widens the validity window the facilitator verifies and settles (validAfter <= now, validBefore >= now + 6 s).' }),
  },
  { additionalProperties: false },
);

const Facilitator = Type.Object(
  {
    provider: Type.String({
      maxLength: 64,
      description:
        'Who settles: `sandbox` (simulated, sandbox environment and EVM test networks only), `service` (the earlier name, read as `sandbox`), `self` (this service settles on chain with the account relayer, PUT /rail/relayer, through the RPC URL the operator configured for the network), or `remote` (any x402 v2 facilitator, PUT /rail/remote-facilitator). docs/rail.md.',
      examples: ['sandbox', 'self', 'remote'],
    }),
    indexesForDiscovery: Type.Boolean({ description: 'Whether the seller routes may be indexed for discovery by agents.' }),
  },
  { additionalProperties: false },
);

const AssetDomain = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    version: Type.String({ minLength: 1, maxLength: 16 }),
  },
  {
    additionalProperties: false,
    description: 'The token contract EIP-712 domain (EVM). Optional for the tokens @x402/evm knows (USDC on Base and others).',
  },
);

export const RailSettingsBody = Type.Object(
  {
    network: Type.String({ maxLength: 80, description: 'CAIP-2: `eip155:<chain id>` or `solana:<genesis reference>`.', examples: ['eip155:84532'] }),
    asset: Type.String({ maxLength: 80, description: 'Token contract address (EVM, EIP-55 checked when mixed case) or Solana mint; never a ticker.' }),
    assetDecimals: Type.Integer({ description: 'The token decimals, 0 to 36.' }),
    payTo: Type.String({ maxLength: 80, description: 'The seller wallet, in the network namespace address form.' }),
    grace: Grace,
    facilitator: Facilitator,
    assetDomain: Type.Optional(AssetDomain),
  },
  { additionalProperties: false },
);

export const RailSettings = Type.Object(
  {
    network: Type.String(),
    asset: Type.String(),
    assetDecimals: Type.Integer(),
    payTo: Type.String(),
    grace: Grace,
    facilitator: Facilitator,
    assetDomain: Type.Union([AssetDomain, Type.Null()]),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'RailSettings' },
);

export const RailConfigQuery = Type.Object(
  { product: Type.Optional(Type.String({ maxLength: 255, description: 'Key of the product whose meters carry the Rail prices (required).' })) },
  { additionalProperties: false },
);

export const RailConfig = Type.Object(
  {
    network: Type.String(),
    asset: Type.String(),
    assetDecimals: Type.Integer(),
    payTo: Type.String(),
    grace: Grace,
    facilitator: Facilitator,
    outputSchema: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Route description the seller server echoes in its 402: `x402Version`, `product`, and `routes`, one per meter price of the product default version, each with `accepts` (x402 v2 payment requirements, amounts in atomic units).',
    }),
  },
  { title: 'RailConfiguration' },
);

const AnyObject = Type.Record(Type.String(), Type.Unknown());

export const FacilitatorBody = Type.Object(
  {
    x402Version: Type.Optional(Type.Integer({ description: 'The x402 version of the payload (2).' })),
    paymentPayload: AnyObject,
    paymentRequirements: AnyObject,
  },
  { additionalProperties: false },
);

export const SettlementReportBody = Type.Object(
  {
    x402Version: Type.Optional(Type.Integer({ description: 'The x402 version of the payload (2).' })),
    paymentPayload: AnyObject,
    paymentRequirements: AnyObject,
    transaction: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'The hash of the transaction the remote facilitator answered for this payment.' }),
  },
  { additionalProperties: false },
);

export const VerifyAnswer = Type.Object(
  {
    isValid: Type.Boolean(),
    invalidReason: Type.Optional(Type.String()),
    invalidMessage: Type.Optional(Type.String()),
    payer: Type.Optional(Type.String()),
  },
  { title: 'RailVerifyResponse' },
);

export const SettleAnswer = Type.Object(
  {
    success: Type.Boolean(),
    errorReason: Type.Optional(Type.String()),
    errorMessage: Type.Optional(Type.String()),
    payer: Type.Optional(Type.String()),
    transaction: Type.String({ description: 'The settlement transaction hash (simulated in sandbox); empty when it failed.' }),
    network: Type.String(),
    amount: Type.Optional(Type.String({ description: 'Atomic units settled.' })),
    extra: Type.Optional(
      Type.Object({
        alreadySettled: Type.Boolean({ description: 'True when this authorization was settled before (the answer repeats that settlement; nothing is charged again).' }),
        paymentId: Type.Union([Type.String(), Type.Null()]),
        usageEventId: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { title: 'RailSettleResponse' },
);

export const SupportedAnswer = Type.Object(
  {
    kinds: Type.Array(
      Type.Object({
        x402Version: Type.Integer(),
        scheme: Type.String(),
        network: Type.String(),
        extra: Type.Optional(
          Type.Object(
            { asset: Type.String(), payTo: Type.String(), feePayer: Type.Optional(Type.String({ description: 'Solana: the fee payer that co-signs the agent transaction (x402 exact SVM scheme: requirements extra.feePayer).' })) },
            { description: 'With a key: the asset and seller wallet the Rail settings settle to.' },
          ),
        ),
      }),
      { description: 'With a key: the kind its account and environment settle (none in production or without settings). Without a key: every kind the service settles.' },
    ),
    extensions: Type.Array(Type.String()),
    signers: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Empty: sandbox settlement is simulated, no facilitator address submits transactions.' }),
  },
  { title: 'RailSupported' },
);

export const RailRelayerBody = Type.Object(
  {
    privateKey: Type.String({
      maxLength: 400,
      description: 'The relayer key: an EVM private key (0x + 64 hex) for EVM networks, or a Solana secret key (base58 of its 64 bytes, or the keypair file JSON array) for Solana networks, where it is the fee payer. Sealed at rest; never answered.',
    }),
  },
  { additionalProperties: false },
);

export const RailRelayer = Type.Object(
  {
    address: Type.String({ description: 'The relayer address: it submits transferWithAuthorization and pays the gas on EVM, or co-signs as fee payer on Solana (keep it funded with the network native currency, ETH or SOL).' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { additionalProperties: false, description: 'The relayer of `facilitator.provider: "self"` in this environment; its key is never shown.' },
);

export const RailRemoteFacilitatorBody = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: 'The facilitator base URL, e.g. https://x402.example.com/facilitator.' }),
    headers: Type.Record(Type.String(), Type.String(), { description: 'Headers sent on verify, settle and supported (e.g. {"Authorization": "Bearer ..."}); at most 10. Sealed; never answered.' }),
  },
  { additionalProperties: false },
);

export const RailRemoteFacilitator = Type.Object(
  {
    url: Type.String(),
    headers: Type.Record(Type.String(), Type.String(), { description: 'Header names, each value as its last four characters.' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { additionalProperties: false, description: 'The remote x402 facilitator of `facilitator.provider: "remote"` in this environment.' },
);
