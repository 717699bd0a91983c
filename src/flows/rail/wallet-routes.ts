// The hosted checkout's wallet routes, keyless (the charge token is the credential): the charge's
// payment requirements for the buyer's wallet to sign, and the signed authorization that pays it.
// wallet-payment.ts holds the rules.
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { payByWalletOnChain, walletSettlesOn } from './wallet-onchain.ts';
import { payByWallet, walletRequirements } from './wallet-payment.ts';
import { payByWalletOnSolana } from './wallet-solana.ts';
import { WalletParams, WalletPayBody, WalletPayment, WalletRequirements, WalletRequirementsBody } from './wallet-schemas.ts';

const tags = ['checkout'];

export function registerWalletRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/pay/crypto/:paymentID/requirements',
    {
      // A read: POST only to keep the charge token out of URLs and logs.
      config: { auth: 'none', resource: 'payment', idempotency: 'optional' as const, keylessCost: { cost: 'page' } },
      schema: {
        tags,
        summary: "A crypto charge's payment requirements for the buyer's wallet",
        description:
          "x402 v2 PaymentRequired with one `exact` option: the charge's USD amount in the token's atomic units, to the seller wallet of the account's Rail settings. " +
          "On Solana the option's `extra` names the Rail's fee payer, the charge's memo and a recent blockhash, and with `payer` (the buyer wallet's address) the answer carries the unsigned transaction that wallet signs (`transaction`). " +
          '404 for a wrong id or token; 409 when the token was spent, the charge is not pending, is not in USD, or the seller has no Rail settings (`rail_not_configured`) or no settlement for its network (`provider_not_configured`).',
        params: WalletParams,
        body: WalletRequirementsBody,
        response: { 200: WalletRequirements, ...errorResponses(404, 409, 422, 503) },
      },
    },
    async (request) => walletRequirements(deps.db, deps, request.params.paymentID, request.body.chargeToken, deps.clock.now(), deps.config.baseUrl, request.body.payer),
  );

  app.post(
    '/pay/crypto/:paymentID',
    {
      config: { auth: 'none', resource: 'payment', keylessCost: { cost: 'write' } },
      schema: {
        tags,
        summary: "Pay a crypto charge with the buyer wallet's signed authorization",
        description:
          'The wallet signs the requirements (EVM: EIP-3009 transferWithAuthorization, exactly the amount, to the seller wallet; Solana: the transaction of the requirements, its fee payer the Rail\'s); the service verifies it as the Rail facilitator does (the official x402 exact scheme), settles it and confirms the charge, spending the charge token. ' +
          'A refused authorization answers 422 with the x402 reason as the error `constraint` (for example `invalid_exact_evm_signature`, `invalid_exact_evm_payload_authorization_value_mismatch`); a nonce used before 409. ' +
          'On chain (Rail `facilitator.provider` `self` or `remote`) the transfer is settled before the charge is confirmed and the transaction hash becomes its providerId; a transaction not confirmed in time answers 503, and the same request sent again records it once it is (a repeat of a paid request answers the payment again).',
        params: WalletParams,
        body: WalletPayBody,
        response: { 200: WalletPayment, ...errorResponses(404, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const { paymentID } = request.params;
      const { chargeToken, paymentPayload } = request.body;
      // On chain (self, remote) no transaction may stay open while the chain or the facilitator
      // works: the payment runs its own (reserve, then record), idempotent by the authorization.
      const onChain = await walletSettlesOn(deps.db, paymentID);
      if (onChain === 'solana') return payByWalletOnSolana(deps.db, deps, paymentID, chargeToken, paymentPayload, deps.clock.now(), deps.config.baseUrl);
      if (onChain) return payByWalletOnChain(deps.db, deps, paymentID, chargeToken, paymentPayload, deps.clock.now(), deps.config.baseUrl);
      return deps.idempotency.run(request, reply, 200, (tx) => payByWallet(tx, deps, paymentID, chargeToken, paymentPayload, deps.clock.now(), deps.config.baseUrl));
    },
  );
}
