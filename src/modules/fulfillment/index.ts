// The door of modules/fulfillment: the only file other areas import (docs/ARCHITECTURE.md).
export { listLiveGrants } from './repository.ts';
export { registerDeliveryRoutes } from './routes.ts';
export { downloadUrlOf, grantDeliverablesForPayment, revokeGrantsForPayment } from './service.ts';
export { type DeliveryTables } from './tables.ts';
