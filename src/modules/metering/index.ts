// The door of modules/metering: the only file other areas import (docs/ARCHITECTURE.md).
export { priceUsage, recordInvoicedUsage, refuseInvoicedOverlap } from './invoice-usage.ts';
export { ingestGroup } from './repository.ts';
export { assertRange as assertUsageRange, getUsage, type UsageSummary } from './usage-reads.ts';
export { registerMeteringRoutes } from './routes.ts';
export { type MeteringTables } from './tables.ts';
