// The Rail as routes and other areas see it (docs/rail.md):
//   putSettings(tx, ctx, input) / getSettings(ex, ctx)    PUT/GET /rail/settings; 409 rail_not_configured when unset
//   validateSolanaPayTo(config, input)                     PUT /rail/settings on Solana: payTo's token account exists (422)
//   getRailConfig(ex, ctx, productKey)                     GET /rail/config: settings + outputSchema (routes in atomic units)
//   supportedKinds(ex, ctx | null)                         GET /rail/supported: the caller's kinds, or the service's without a key
//   verifyPayment(ex, ctx, deps, input)                    POST /rail/verify: x402 v2 VerifyResponse
//   settleSettings(db, ctx)                                POST /rail/settle's one read of the settings (row or null)
//   settlePayment(tx, ctx, deps, input, usageKeyExpiresAt, settings?)
//                                                          POST /rail/settle, simulated (sandbox): x402 v2 SettleResponse; records usage + receipt
//   settlesElsewhere(settings) / settleElsewhere(db, ctx, deps, input, usageKeyExpiresAt)
//                                                          POST /rail/settle with provider self or remote: its own transactions
//   reportSettlement(db, ctx, deps, input, usageKeyExpiresAt)
//                                                          POST /rail/settlements/report: a settlement the middleware made with the remote facilitator, verified on chain, recorded once
//   put/get/deleteRemoteFacilitator                        PUT/GET/DELETE /rail/remote-facilitator: URL and sealed auth headers
//   putRelayer / getRelayer / deleteRelayer                PUT/GET/DELETE /rail/relayer: the self provider's key (sealed, never answered)
//   rotateRelayerKeys(db, keyring)                         `secrets rotate`
export { getSettings, putSettings, validateSolanaPayTo, type RailSettingsInput, type RailSettingsView } from './settings.ts';
export { getRailConfig, type RailConfigView } from './config.ts';
export { supportedKinds } from './supported.ts';
export { settlePayment, settleSettings, verifyPayment, type FacilitatorInput, type SettleResult, type VerifyResult } from './facilitator.ts';
export { settleElsewhere, RELAYER_LOW_BALANCE_EVENT } from './self-settle.ts';
export { settlesElsewhere } from './providers.ts';
export { reportSettlement } from './settlement-report.ts';
export { deleteRemoteFacilitator, getRemoteFacilitator, putRemoteFacilitator, validateRemoteFacilitator, type RemoteFacilitatorView } from './remote.ts';
export { deleteRelayer, getRelayer, putRelayer, rotateRelayerKeys, type RelayerView } from './relayer.ts';
