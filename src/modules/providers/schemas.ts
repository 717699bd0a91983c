import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../../http/schemas.ts';

const Provider = Type.Union([Type.Literal('processor_a'), Type.Literal('processor_b'), Type.Literal('pix_api')], {
  description: '`processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP).',
});
const Method = Type.Union([Type.Literal('card'), Type.Literal('pix'), Type.Literal('boleto')]);

export const ProviderParams = Type.Object({ provider: Provider });

export const ConnectionBody = Type.Object(
  {
    methods: Type.Array(Method, {
      minItems: 1,
      maxItems: 3,
      description: 'Which methods this connection serves in the key’s environment; one connection per method per environment.',
    }),
    credentials: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 16_384 }), {
      description:
        'processor_b `{secretKey, publishableKey, webhookSecret}`; processor_a `{apiKey, merchantAccount, clientKey, hmacKey, liveUrlPrefix}`; ' +
        'pix_api `{baseUrl, clientId, clientSecret, certificate, privateKey, pixKey}` (PEM text). Encrypted at rest, never returned.',
    }),
  },
  { additionalProperties: false },
);

export const Connection = Type.Object({
  provider: Provider,
  environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
  methods: Type.Array(Method),
  status: Type.Union([Type.Literal('unchecked'), Type.Literal('active'), Type.Literal('failing')], {
    description: '`unchecked` until POST .../check; then `active`, or `failing` with `statusReason`.',
  }),
  statusReason: Nullable(Type.String()),
  webhookUrl: Type.String({ description: 'Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended).' }),
  credentials: Type.Record(Type.String(), Type.String(), { description: 'Non-secret fields as given; each secret as its last four characters only.' }),
  checkedAt: Nullable(DateTime()),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});

export const ConnectionList = Type.Object({ providers: Type.Array(Connection) });
