// The door of flows/rail: the only file other areas import (docs/ARCHITECTURE.md).
export { findReceiptIn as railReceiptIn } from './repository.ts';
export { closeEndedReceipts, railReceiptsJob } from './receipts.ts';
export { railRecoveryJob, recoverStuckSettlements } from './recovery.ts';
export { railCryptoSettlement } from './crypto-settler.ts';
export { railRelayerWatchJob, watchRelayers } from './relayer-watch.ts';
export { registerRailRoutes } from './routes.ts';
export { rotateRelayerKeys } from './relayer.ts';
export { rotateRemoteFacilitatorKeys } from './remote.ts';
export { type RailTables } from './tables.ts';
export { registerWalletRoutes } from './wallet-routes.ts';
