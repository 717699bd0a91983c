// The door of flows/subscriptions: the only file other areas import (docs/ARCHITECTURE.md).
export { createSubscription } from './create-subscription.ts';
export { registerSubscriptionRoutes, registerTestClockRoutes } from './routes.ts';
export { findUsageBilledBefore as subscriptionUsageBilledBefore } from './repository.ts';
export { runDueSubscriptions, subscriptionCycleJob } from './runner.ts';
export { type SubscriptionTables } from './tables.ts';
export { afterOffSessionCharge } from './dunning.ts';
export { periodIndexAt, periodStart, type BillingCycle } from './periods.ts';
export { type SubscriptionView } from './subscription-view.ts';
export { monthlyRecurringRevenue, type MrrByCurrency } from './mrr-repository.ts';
export { type VersionChangePreview } from './change-version-preview.ts';
