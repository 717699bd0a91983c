// POST /billing/subscriptions/{id}/change-version: another published version of the same product,
// on the same billing cycle. With proration (the default) the current period is split at this
// instant by its seconds: advance (the period was paid at its start) -> an invoice now crediting
// the old version's unused share at what was paid for it and charging the new one's (the
// subscription's coupon discounting the charge when it discounted the period); arrears -> the period's invoice at
// its end bills each version for its share. Without proration the new price applies from the next
// period (advance) or to the whole current period (arrears).
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { createDraftInvoice } from '../../modules/invoices/index.ts';
import { finalizeAndCollect } from './billing.ts';
import { changeTerms } from '../../modules/prepaid/index.ts';
import { prepaidRatesOf } from './prepaid-terms.ts';
import { moveEnrollmentToVersion } from '../../modules/customers/index.ts';
import { planVersionChange, type ChangeVersionInput } from './change-version-plan.ts';
import * as repo from './repository.ts';
import { presentSubscription, type SubscriptionView } from './subscription-view.ts';

export type { ChangeVersionInput };

export async function changeVersion(tx: Tx, ctx: UseCaseContext, id: string, input: ChangeVersionInput): Promise<SubscriptionView> {
  const plan = await planVersionChange(tx, ctx, id, input, true);
  const { current, product, old, version, usageOnly } = plan;
  if (plan.unchanged) return presentSubscription(tx, current);
  if (plan.prepaid) await changeTerms(tx, ctx, id, version.consumption_floor, await prepaidRatesOf(tx, ctx.tenant, version, 'productVersionId'));
  const now = ctx.now;
  let row = current;
  if (plan.invoiceNow) {
    const draft = await createDraftInvoice(tx, ctx, { customerId: id, subscriptionId: id, currency: product.currency, periodStart: now, periodEnd: plan.invoiceNow.periodEnd, lines: plan.invoiceNow.lines });
    row = await finalizeAndCollect(tx, ctx, row, draft.id);
  } else if (plan.splitArrears) {
    row = await repo.updateSubscription(tx, id, { previous_version_id: old.id, version_changed_at: now });
  }
  row = await repo.updateSubscription(tx, id, { product_version_id: version.id, updated_at: now });
  await repo.cancelItems(tx, id, now);
  await repo.insertItem(tx, { id: newId(), subscription_id: id, kind: usageOnly ? 'usage' : 'recurring_fee', timing: row.billing_mode, product_version_id: version.id, created_at: now, canceled_at: null });
  // Usage of the enrollment is priced by its version from now on too.
  await moveEnrollmentToVersion(tx, ctx.tenant, id, version.id, now);
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}
