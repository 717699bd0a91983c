// The door of modules/providers: the only file other areas import (docs/ARCHITECTURE.md).
export { keyringOf } from './keyring.ts';
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
