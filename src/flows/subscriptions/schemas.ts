import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

const Status = Type.Union([Type.Literal('trialing'), Type.Literal('active'), Type.Literal('past_due'), Type.Literal('paused'), Type.Literal('canceled')]);
const CollectionMethod = Type.Union([Type.Literal('charge_automatically'), Type.Literal('send_invoice')], {
  description: '`send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure.',
});
const BillingMode = Type.Union([Type.Literal('advance'), Type.Literal('arrears')], {
  description: 'When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`).',
});
const BillingCycle = Type.Union([Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('annual')]);

export const SubscriptionParams = Type.Object({ subscriptionID: Uuid() });

export const CreateSubscriptionBody = Type.Object(
  {
    customerId: Uuid({ description: 'The customer (a customer id).' }),
    productId: Type.Optional(Uuid({ description: "Subscribe to the product's default version; or give productVersionId." })),
    productVersionId: Type.Optional(Uuid()),
    collectionMethod: Type.Optional(CollectionMethod),
    billingMode: Type.Optional(BillingMode),
    billingCycle: Type.Optional({ ...BillingCycle, description: "A product priced usage only (required there): how often its usage is invoiced. Other products bill on their version's cycle." }),
    anchor: Type.Optional(DateTimeInput({ description: 'What periods are counted from; default the start (the trial end with a trial). In the past: the period holding the start is billed in full. Up to one cycle ahead: a first, shorter period from the start to the anchor, prorated.' })),
    trialDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "Discounts the coupon's duration in periods (once, repeating, forever)." })),
    paymentMethod: Type.Optional(
      Type.String({ maxLength: 200, description: "Required with charge_automatically: an active Pix mandate's paymentMethod (`pix:...`, POST /billing/pix-mandates), a card saved at your processor, or in sandbox a test card number (4242 4242 4242 4242 pays) or pix_mandate_active / _revoked / _refused." }),
    ),
  },
  { additionalProperties: false },
);

export const CancelBody = Type.Object(
  { atPeriodEnd: Type.Optional(Type.Boolean({ description: 'true: at the end of the current period (billed up to it); default false: now.' })) },
  { additionalProperties: false },
);

const Item = Type.Object({
  id: Uuid(),
  kind: Type.String({ description: '`recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period)' }),
  timing: Type.String({ description: '`advance` or `arrears`' }),
  productVersionId: Uuid(),
  createdAt: DateTime(),
  canceledAt: Nullable(DateTime()),
});

export const Subscription = Type.Object(
  {
    id: Uuid({ description: 'The enrollment id.' }),
    customerId: Uuid(),
    productVersionId: Uuid(),
    status: Status,
    billingCycle: BillingCycle,
    collectionMethod: CollectionMethod,
    billingMode: BillingMode,
    anchor: DateTime(),
    nextBillingDate: Nullable(DateTime({ description: 'When the next invoice is made; null when paused or canceled.' })),
    startedAt: DateTime(),
    canceledAt: Nullable(DateTime()),
    items: Type.Array(Item),
    trialEndsAt: Nullable(DateTime()),
    cancelAtPeriodEnd: Type.Boolean(),
    pausedAt: Nullable(DateTime()),
    couponId: Nullable(Uuid()),
    paymentMethod: Nullable(Type.String({ description: 'charge_automatically: the saved method, masked (card ending 4242, or the Pix mandate).' })),
    nextRetryAt: Nullable(DateTime({ description: 'past_due with charge_automatically: when the next retry charges the open invoices.' })),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Subscription' },
);

export const SubscriptionList = Type.Object({ subscriptions: Type.Array(Subscription), nextCursor: Nullable(Type.String()) });
export const SubscriptionListQuery = Type.Object(
  { ...ListQuery.properties, customerId: Type.Optional(Uuid()), status: Type.Optional(Status) },
  { additionalProperties: false },
);

export const UpdateSubscriptionBody = Type.Object(
  { paymentMethod: Type.String({ minLength: 1, maxLength: 200, description: 'A new saved method (charge_automatically): the next charge or retry uses it.' }) },
  { additionalProperties: false },
);

export const ChangeVersionBody = Type.Object(
  {
    productVersionId: Uuid({ description: 'A published version of the same product, on the same billing cycle.' }),
    prorate: Type.Optional(Type.Boolean({ description: 'Default true: split the current period by its seconds (see docs/subscriptions.md).' })),
  },
  { additionalProperties: false },
);

export const Balance = Type.Object(
  {
    balance: DecimalString({ description: 'What is left to draw, in the currency (below zero only down to a negative floor).' }),
    currency: Type.String(),
    consumptionFloor: DecimalString({ description: "The version's floor: usage that would take the balance below it is refused." }),
    updatedAt: DateTime(),
  },
  { title: 'PrepaidBalance' },
);

export const VersionChangePreview = Type.Object(
  {
    subscriptionId: Uuid(),
    fromVersionId: Uuid({ description: 'The version in force.' }),
    toVersionId: Uuid({ description: 'The version asked for.' }),
    currency: Type.String(),
    timing: Type.Union([Type.Literal('now'), Type.Literal('period_end'), Type.Literal('next_invoice'), Type.Literal('unchanged')], {
      description:
        '`now`: the change makes an invoice at once with these lines (advance, prorated); `period_end`: the period’s invoice at its end bills each version for its share (arrears, prorated; these are its fee lines); ' +
        '`next_invoice`: nothing is invoiced for the change, the new version prices the next invoice (no proration, a trial, a usage or prepaid product); `unchanged`: the version asked for is in force.',
    }),
    invoicedAt: Nullable(DateTime({ description: 'When these lines are invoiced (`next_invoice`: the subscription’s next billing date).' })),
    lines: Type.Array(Type.Object({ type: Type.String(), description: Type.String(), amount: DecimalString({ description: 'Rounded to the currency, as the invoice stores it.' }) })),
    credit: DecimalString({ description: 'The old version’s unused time, credited: zero or negative.' }),
    charge: DecimalString({ description: 'The new version’s time (`period_end`: both versions’ shares).' }),
    discount: DecimalString({ description: 'What the subscription’s coupon takes off, positive.' }),
    subtotal: DecimalString({ description: 'credit + charge - discount, before tax: tax is computed when the invoice is made.' }),
  },
  { title: 'VersionChangePreview' },
);
