// The Rail as routes and other areas see it (docs/rail.md):
//   putSettings(tx, ctx, input) / getSettings(ex, ctx)    PUT/GET /rail/settings; 409 rail_not_configured when unset
//   getRailConfig(ex, ctx, productKey)                     GET /rail/config: settings + outputSchema (routes in atomic units)
//   supportedKinds(ex, ctx | null)                         GET /rail/supported: the caller's kinds, or the service's without a key
//   verifyPayment(ex, ctx, input)                          POST /rail/verify: x402 v2 VerifyResponse
//   settlePayment(tx, ctx, input, usageKeyExpiresAt)       POST /rail/settle: x402 v2 SettleResponse; records usage + receipt
export { getSettings, putSettings, type RailSettingsInput, type RailSettingsView } from './settings.ts';
export { getRailConfig, type RailConfigView } from './config.ts';
export { supportedKinds } from './supported.ts';
export { settlePayment, verifyPayment, type FacilitatorInput, type SettleResult, type VerifyResult } from './facilitator.ts';
