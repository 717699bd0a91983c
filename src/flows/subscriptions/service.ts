// Subscriptions: recurring fees billed on a cycle (docs/decisions/subscriptions.md).
export { createSubscription, type CreateSubscriptionInput } from './create-subscription.ts';
export { cancelSubscription, getSubscription, listSubscriptions, pauseSubscription, resumeSubscription, updatePaymentMethod } from './lifecycle.ts';
export { runDueSubscriptions, SUBSCRIPTION_QUEUE } from './runner.ts';
export type { SubscriptionView } from './subscription-view.ts';
export { changeVersion, type ChangeVersionInput } from './change-version.ts';
export { previewVersionChange, type VersionChangePreview } from './change-version-preview.ts';
