// The door of modules/providers: the only file other areas import (docs/ARCHITECTURE.md).
export { keyringOf, requireKeyring } from './keyring.ts';
// Other areas seal their own secrets the same way (the Rail's relayer keys).
export { openSecrets, rewrapDataKey, sealSecrets, type Keyring } from './secret-box.ts';
export { rotateSecretsKey } from './rotation.ts';
export { registerProviderRoutes } from './routes.ts';
export {
  connectionForEvents,
  connectionSourceOf,
  markProcessorEventApplied,
  recordProcessorEvent,
  waitingProcessorEvents,
  webhookUrlOf,
  type ConnectionView,
  type ProviderDeps,
} from './service.ts';
export { type ProviderTables } from './tables.ts';
