// The door of modules/health: the only file other areas import (docs/ARCHITECTURE.md).
export { registerHealthRoutes } from './routes.ts';
