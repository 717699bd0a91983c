// The door of flows/rail: the only file other areas import (docs/ARCHITECTURE.md).
export { registerRailRoutes } from './routes.ts';
export { type RailTables } from './tables.ts';
