// The door of modules/storage: the only file other areas import (docs/ARCHITECTURE.md).
export { createObjectStore } from './create-store.ts';
export { expiryAfter } from './object-store.ts';
export { assertUploadedObject, storedKeyOf } from './objects.ts';
export { registerStorageRoutes } from './routes.ts';
export { getDeliverableDownload, type DeliverableDownload, type ObjectStore } from './service.ts';
export { type StorageTables } from './tables.ts';
