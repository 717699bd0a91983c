// Keyless account routes under /public: an account's checkout branding, and throwaway sandbox
// accounts for trying the API without an operator (docs/decisions/accounts.md).
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../core/errors.ts';
import { consumeOrRefuse, type RateLimiters } from '../../http/rate-limit.ts';
import { errorResponses, Nullable } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { Account, IssuedKey } from './schemas.ts';
import * as accounts from './service.ts';

const tags = ['public'];

const PublicBranding = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    logoUrl: Nullable(Type.String()),
    supportEmail: Nullable(Type.String()),
    cnpj: Nullable(Type.String({ description: "The seller's CNPJ (14 characters, no punctuation), when set." })),
    termsUrl: Nullable(Type.String()),
  },
  { title: 'PublicAccount', description: "What a checkout page shows of an account: its branding, nothing else." },
);

const TestAccountBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Default "Test account".' })) },
  { additionalProperties: false },
);

const TestAccount = Type.Object(
  { account: Account, key: IssuedKey },
  { title: 'TestAccount', description: 'The new sandbox-only account and its one sk_test_ key, shown only here.' },
);

/** A test account's slug: `test-` and 16 random characters, so it says what it is and never clashes. */
function testAccountSlug(): string {
  return `test-${randomBytes(8).toString('hex')}`;
}

export function registerPublicAccountRoutes(app: App, deps: AppDeps, limiters: RateLimiters): void {
  app.get(
    '/public/accounts/:slug',
    {
      config: { auth: 'none', resource: 'account', keylessCost: { cost: 'light', seller: 'account' } },
      schema: {
        tags,
        summary: "An account's checkout branding",
        description: 'Name, logo, support email and terms of an active account, by its slug. Unknown slugs and suspended or closed accounts answer 404.',
        params: Type.Object({ slug: Type.String({ maxLength: 40 }) }),
        response: { 200: PublicBranding, ...errorResponses(404) },
      },
    },
    async (request) => {
      const branding = hasUnstorableString(request.params) ? null : await accounts.findPublicBranding(deps.db, request.params.slug);
      if (!branding) throw notFound('account');
      return branding;
    },
  );

  app.post(
    '/public/test-accounts',
    {
      config: { auth: 'none', idempotencyPerAddress: true, keylessCost: { cost: 'write' } },
      schema: {
        tags,
        summary: 'Create a throwaway sandbox account',
        description:
          'For trying the API with no operator: a new account whose only key is one `sk_test_` secret key with every scope (shown only here). ' +
          'It has no production key and can never get one (keys are made in the calling key\'s environment). ' +
          'Limited per client address and for the whole service per hour (`TEST_ACCOUNTS_PER_HOUR`, default 5; ' +
          '`TEST_ACCOUNTS_TOTAL_PER_HOUR`, default 200): 429 with Retry-After beyond. The Idempotency-Key lives in the client address\'s ' +
          'key space, so a retry from the same address replays the same account and key, and nobody else can.',
        body: Type.Optional(TestAccountBody),
        response: { 201: TestAccount, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      // Every attempt counts, replays included: the limits are generous for a person and the
      // counters must not depend on the database a flood would load.
      await consumeOrRefuse([
        { limiter: limiters.testAccounts, subject: `ip:${request.ip}`, what: 'test accounts from this address' },
        { limiter: limiters.testAccountsTotal, subject: 'all', what: 'test accounts on this service' },
      ]);
      return deps.idempotency.run(request, reply, 201, async (tx) => {
        const created = await accounts.createAccount(tx, { name: request.body?.name ?? 'Test account', slug: testAccountSlug() }, deps.clock.now(), {
          sandboxSecretKeyOnly: true,
        });
        return { account: created.account, key: created.keys[0]! };
      });
    },
  );
}
