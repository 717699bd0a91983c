import { realNowOf } from '../../core/context.ts';
import { contextOf } from '../../http/context.ts';
import { createAuthenticator } from '../../modules/accounts/index.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { FacilitatorBody, RailConfig, RailConfigQuery, RailRelayer, RailRelayerBody, RailRemoteFacilitator, RailRemoteFacilitatorBody, RailSettings, RailSettingsBody, SettleAnswer, SettlementReportBody, SupportedAnswer, VerifyAnswer } from './schemas.ts';
import { optionalKey } from './optional-key.ts';
import * as rail from './service.ts';

const tags = ['rail'];

export function registerRailRoutes(app: App, deps: AppDeps): void {
  const authenticator = createAuthenticator(deps.db);
  app.put(
    '/rail/settings',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Set the Rail settings of this account and environment',
        description: 'Network (CAIP-2), asset (contract or mint), its decimals, the seller wallet, grace limits and facilitator. Every invalid field is reported, one error each.',
        body: RailSettingsBody,
        response: { 200: RailSettings, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      // A chain read (payTo's token account on Solana), never inside the settings' transaction.
      await rail.validateSolanaPayTo(deps.config, request.body);
      return deps.idempotency.run(request, reply, 200, (tx) => rail.putSettings(tx, contextOf(request, deps), request.body));
    },
  );

  app.get(
    '/rail/settings',
    {
      config: { scope: 'rail:read' },
      schema: { tags, summary: 'The Rail settings of this account and environment', response: { 200: RailSettings, ...errorResponses(409) } },
    },
    async (request) => rail.getSettings(deps.db, contextOf(request, deps)),
  );

  app.get(
    '/rail/config',
    {
      config: { scope: 'rail:read' },
      schema: {
        tags,
        summary: 'Rail configuration of a product',
        description:
          'Read once at the seller server start (rule 9). 422 when `product` is missing or its prices cannot be Rail routes, 404 for an unknown product, 409 `rail_not_configured` without settings.',
        querystring: RailConfigQuery,
        response: { 200: RailConfig, ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => rail.getRailConfig(deps.db, contextOf(request, deps), request.query.product, deps),
  );

  app.get(
    '/rail/supported',
    {
      // Keyless too: the official HTTPFacilitatorClient reads it at the seller's start (a key, when
      // sent, is checked as on any keyed route and narrows the answer to its account).
      config: { auth: 'none' as const },
      schema: {
        tags,
        summary: 'Payment kinds the Rail facilitator verifies and settles (x402 v2)',
        description: 'With a key (`rail:read`): what its account and environment settle. Without one: what the service settles.',
        response: { 200: SupportedAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const ctx = (await optionalKey(request, authenticator, 'rail:read')) ? contextOf(request, deps) : null;
      return rail.supportedKinds(deps.db, ctx, deps);
    },
  );

  app.post(
    '/rail/verify',
    {
      // No Idempotency-Key needed (official facilitator clients send none): verify writes nothing.
      config: { scope: 'rail:read', idempotency: 'optional' as const },
      schema: {
        tags,
        summary: 'Verify an x402 payment (facilitator)',
        description: 'x402 v2 request `{x402Version, paymentPayload, paymentRequirements}`; answers `isValid` with `invalidReason` and `payer`. 409 `rail_not_configured`, or `provider_not_configured` outside the sandbox test networks.',
        body: FacilitatorBody,
        response: { 200: VerifyAnswer, ...errorResponses(404, 409, 413, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => rail.verifyPayment(tx, contextOf(request, deps), deps, request.body)),
  );

  app.post(
    '/rail/settle',
    {
      // No Idempotency-Key needed: the authorization's nonce settles once (unique index), and a
      // repeat answers the earlier settlement in extra without charging again. A key, when sent,
      // still replays the stored answer.
      config: { scope: 'metering:write', idempotency: 'optional' as const },
      schema: {
        tags,
        summary: 'Settle an x402 payment (facilitator)',
        description:
          'Settles once per authorization (nonce): a settled request records a usage event on the route meter for the agent and a confirmed crypto payment. Idempotent by the nonce, no Idempotency-Key needed. A nonce seen before answers success false, errorReason `invalid_exact_evm_nonce_already_used`, transaction "", and the earlier settlement in extra when it was this seller\'s (extra.alreadySettled).',
        body: FacilitatorBody,
        response: { 200: SettleAnswer, ...errorResponses(404, 409, 413, 422, 503) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request, deps);
      const usageKeyExpiresAt = deps.idempotency.expiresAt(realNowOf(ctx));
      // On chain (self) or at a remote facilitator, no transaction may stay open while they work:
      // the settle runs its own (reserve, then record); its idempotency is the authorization's nonce.
      // The settings are read once here: they choose the path, and the simulated settle uses them.
      const settings = await rail.settleSettings(deps.db, ctx);
      if (settings && rail.settlesElsewhere(settings)) return rail.settleElsewhere(deps.db, ctx, deps, request.body, usageKeyExpiresAt);
      return deps.idempotency.run(request, reply, 200, (tx) => rail.settlePayment(tx, ctx, deps, request.body, usageKeyExpiresAt, settings));
    },
  );

  app.post(
    '/rail/settlements/report',
    {
      // Idempotent by the authorization's nonce, as a settle is: a second report answers the same settlement.
      config: { scope: 'metering:write', idempotency: 'optional' as const },
      schema: {
        tags,
        summary: 'Report a settlement made with the remote facilitator while the service was unreachable',
        description:
          'Sent by the seller middleware (facilitator.provider "remote") once the service is back: the payment payload, its requirements and the transaction hash the remote facilitator answered. The transaction is read on chain (RAIL_RPC_URLS): it must hold the token\'s AuthorizationUsed of the payer and nonce and the transfer of exactly the route\'s amount to payTo; then the settlement is recorded once (usage, receipt, payment), as a settle records it. A second report answers the same settlement with extra.alreadySettled true. A transaction not mined yet answers success false, `invalid_transaction_state`; one that did not pay this payment, `invalid_rail_report_transaction`.',
        body: SettlementReportBody,
        response: { 200: SettleAnswer, ...errorResponses(404, 409, 413, 422) },
      },
    },
    // No transaction may stay open while the chain is read: the use case opens its own.
    async (request) => {
      const ctx = contextOf(request, deps);
      return rail.reportSettlement(deps.db, ctx, deps, request.body, deps.idempotency.expiresAt(realNowOf(ctx)));
    },
  );

  app.put(
    '/rail/relayer',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Set the relayer of facilitator.provider "self"',
        description:
          'The EVM private key that submits transferWithAuthorization and pays its gas in this environment. Sealed at rest like processor credentials (SECRETS_KEY) and never answered: the answer shows the address only. Replaces the earlier relayer. 503 `secrets_not_configured` when the operator set no SECRETS_KEY with DATABASE_URL.',
        body: RailRelayerBody,
        response: { 200: RailRelayer, ...errorResponses(422, 503) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => rail.putRelayer(tx, contextOf(request, deps), deps, request.body)),
  );

  app.get(
    '/rail/relayer',
    {
      config: { scope: 'rail:read' },
      schema: { tags, summary: 'The relayer address of this environment', response: { 200: RailRelayer, ...errorResponses(404) } },
    },
    async (request) => rail.getRelayer(deps.db, contextOf(request, deps)),
  );

  app.delete(
    '/rail/relayer',
    {
      config: { scope: 'account:write' },
      schema: { tags, summary: 'Remove the relayer (settlements with provider "self" answer 409 until one is set)', response: { 200: RailRelayer, ...errorResponses(404) } },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => rail.deleteRelayer(tx, contextOf(request, deps))),
  );

  app.put(
    '/rail/remote-facilitator',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Set the remote x402 facilitator of facilitator.provider "remote"',
        description:
          'Any x402 v2 facilitator, by base URL (the official client appends /verify, /settle, /supported) and the headers it needs (an API key): sealed at rest like processor credentials and shown by name with their last four characters. The URL follows the webhook URL rules (https, no private addresses in production). 503 `secrets_not_configured` without SECRETS_KEY on PostgreSQL.',
        body: RailRemoteFacilitatorBody,
        response: { 200: RailRemoteFacilitator, ...errorResponses(422, 503) },
      },
    },
    async (request, reply) => {
      await rail.validateRemoteFacilitator(deps, request.body);
      return deps.idempotency.run(request, reply, 200, (tx) => rail.putRemoteFacilitator(tx, contextOf(request, deps), deps, request.body));
    },
  );

  app.get(
    '/rail/remote-facilitator',
    {
      config: { scope: 'rail:read' },
      schema: { tags, summary: 'The remote facilitator of this environment (headers masked)', response: { 200: RailRemoteFacilitator, ...errorResponses(404) } },
    },
    async (request) => rail.getRemoteFacilitator(deps.db, contextOf(request, deps)),
  );

  app.delete(
    '/rail/remote-facilitator',
    {
      config: { scope: 'account:write' },
      schema: { tags, summary: 'Remove the remote facilitator (provider "remote" answers 409 until one is set)', response: { 200: RailRemoteFacilitator, ...errorResponses(404) } },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => rail.deleteRemoteFacilitator(tx, contextOf(request, deps))),
  );
}
