// The door of modules/home: the service's front page at `/` (docs/ARCHITECTURE.md).
export { registerHomeRoutes } from './routes.ts';
