// The door of flows/dashboard: the seller dashboard at /dashboard (issue #32).
export { registerDashboardRoutes } from './routes.ts';
