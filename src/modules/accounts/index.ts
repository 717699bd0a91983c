// The door of modules/accounts: the only file other areas import (docs/ARCHITECTURE.md).
export { registerAdminRoutes } from './admin-routes.ts';
export { createAuthenticator } from './authenticator.ts';
export { registerPublicAccountRoutes } from './public-routes.ts';
export { registerAccountRoutes } from './routes.ts';
export { accountCallFacts } from './sandbox-clock.ts';
export {
  advanceSandboxClock,
  cardProcessorOf,
  clearSandboxClock,
  contextAsOfClock,
  countAccounts,
  createAccount,
  dunningSettingsOf,
  findPublicAccount,
  getTenant,
  keyRefusal,
  listKeys,
  lockSandboxClockOf,
  localeFor,
  localeSettingOf,
  publishableKeyFor,
  readSandboxClock,
  type KeyRefusedState,
  type KeyView,
  type PublicAccount,
  type UnconfirmedKey,
} from './service.ts';
export { formatCnpj } from './cnpj.ts';
export { RESERVED_SLUGS } from './slugs.ts';
export { type FoundationTables } from './tables.ts';
