import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../../http/schemas.ts';
import { SCOPES } from './keys.ts';
import { SLUG_PATTERN } from './slugs.ts';

const Environment = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);
const KeyType = Type.Union([Type.Literal('secret'), Type.Literal('publishable')]);
export const ScopeSchema = Type.Union(SCOPES.map((s) => Type.Literal(s)));
const CardProcessor = Type.Union([Type.Literal('processor_a'), Type.Literal('processor_b')], {
  description: 'The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b.',
});
const FinalAction = Type.Union([Type.Literal('cancel'), Type.Literal('leave_past_due')], {
  description: 'After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries).',
});
const RetryDays = Type.Array(Type.Integer({ minimum: 1, maximum: 60 }), {
  minItems: 1,
  maxItems: 8,
  description: 'Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing.',
});
/** The dunning of charge_automatically subscriptions (docs/subscriptions.md). */
const Dunning = Type.Object(
  { retryDays: RetryDays, finalAction: FinalAction },
  { description: 'The dunning of charge_automatically subscriptions: the retry schedule and its final step. Default [1, 3, 5, 7] and cancel.' },
);
const DunningPatch = Type.Object(
  { retryDays: Type.Optional(RetryDays), finalAction: Type.Optional(FinalAction) },
  { additionalProperties: false, description: 'Either or both; what is left out stays as it is. Applies from the next retry computed.' },
);
const Locale = Type.Union([Type.Literal('pt-BR'), Type.Literal('en')]);
const LocaleSetting = Type.Union([Locale, Type.Null()], {
  description:
    'The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): ' +
    'pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. ' +
    'Buyer pages follow the browser\'s language (pt-BR unless it prefers English).',
});
const Slug = Type.String({ minLength: 3, maxLength: 40, pattern: SLUG_PATTERN, description: 'Public identifier used in checkout URLs (/pay/{slug}).' });

export const Account = Type.Object(
  {
    id: Uuid(),
    slug: Type.String(),
    name: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')]),
    collectionMode: Type.Union([Type.Literal('byop'), Type.Literal('managed')], {
      description: 'byop collects through the account\'s connected providers; managed through the service\'s own account. Always byop in sandbox.',
    }),
    termsUrl: Nullable(Type.String()),
    supportEmail: Nullable(Type.String()),
    cnpj: Nullable(Type.String({ description: "The seller's CNPJ (14 characters, no punctuation), shown on its buyers' pages; null until set." })),
    logoUrl: Nullable(Type.String()),
    cardProcessor: CardProcessor,
    locale: LocaleSetting,
    dunning: Dunning,
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Account' },
);

const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

export const TenantPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    slug: Type.Optional(Slug),
    termsUrl: Type.Optional(Nullable(HttpUrl)),
    supportEmail: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
    cnpj: Type.Optional(
      Nullable(Type.String({ maxLength: 32, description: 'With or without punctuation; check digits are verified (422 `cnpj`). Null removes it.' })),
    ),
    logoUrl: Type.Optional(Nullable(HttpUrl)),
    cardProcessor: Type.Optional(CardProcessor),
    locale: Type.Optional(LocaleSetting),
    dunning: Type.Optional(DunningPatch),
  },
  { additionalProperties: false },
);

export const IssuedKey = Type.Object({
  id: Uuid(),
  type: KeyType,
  environment: Environment,
  key: Type.String({ description: 'The full key. Shown only in this response; store it now.' }),
  scopes: Type.Array(Type.String()),
});

export const CreatedKey = Type.Object({
  ...IssuedKey.properties,
  name: Nullable(Type.String()),
  createdAt: DateTime(),
});

export const KeyView = Type.Object({
  id: Uuid(),
  type: KeyType,
  environment: Environment,
  name: Nullable(Type.String()),
  redactedKey: Type.String({ description: 'Prefix and last four characters; the key itself is never returned again.' }),
  scopes: Type.Array(Type.String()),
  createdAt: DateTime(),
  revokedAt: Nullable(DateTime()),
});

export const CreateKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    scopes: Type.Array(ScopeSchema, { minItems: 1, description: 'What the key may do.' }),
  },
  { additionalProperties: false },
);

export const CreateAccountBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    slug: Type.Optional(Slug),
    owner: Type.Optional(
      Type.Object(
        {
          email: Type.String({ format: 'email', maxLength: 254, description: 'Lowercased; signs in to the dashboard (/dashboard/login).' }),
          password: Type.Optional(
            Type.String({ minLength: 10, maxLength: 200, description: 'At least 10 characters. Without it the answer carries a one-time sign-in link.' }),
          ),
        },
        { additionalProperties: false, description: 'The first member of the account, its owner, created in the same transaction.' },
      ),
    ),
  },
  { additionalProperties: false },
);

const CreatedOwner = Type.Object(
  {
    id: Uuid(),
    email: Type.String(),
    role: Type.Literal('owner'),
    signInUrl: Nullable(
      Type.String({ description: 'Without a password: a link that signs the owner in once, within 24 hours. Shown only in this response.' }),
    ),
  },
  { description: 'The owner, when `owner` was sent.' },
);

export const CreatedAccount = Type.Object({ account: Account, keys: Type.Array(IssuedKey), owner: Type.Optional(CreatedOwner) });
