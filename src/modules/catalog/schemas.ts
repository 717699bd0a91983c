import { Type } from '@sinclair/typebox';
import { DateTime, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

/** A string enum: one `enum` keyword, so a wrong value reads "must be one of: ...". */
export const Enum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description && { description }) });

export const ProductTypeSchema = Enum(['item', 'agent'] as const, 'Default item.');
export const PricingModelSchema = Enum(['subscription', 'one_time', 'usage', 'prepaid'] as const);
export const BillingCycleSchema = Enum(['weekly', 'monthly', 'annual'] as const);
export const PriceModelSchema = Enum(['per_unit', 'tiered', 'volume', 'package'] as const, 'tiered is graduated.');
export const AggregationSchema = Enum(['sum', 'count', 'max', 'unique_count', 'latest'] as const);
const Key = (description: string) => Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$', description });
const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

// ---- Products ----

export const Product = Type.Object(
  {
    id: Uuid(),
    key: Type.String({ description: 'Stable product key, unique in the account and environment.' }),
    name: Type.String(),
    type: ProductTypeSchema,
    description: Type.String(),
    pricingModel: PricingModelSchema,
    currency: Type.String({ description: '3-letter ISO 4217 code.' }),
    status: Type.String({ description: '`active` on a created product.' }),
    imageUrl: Type.Optional(Type.String({ description: 'Absent while the product has no image.' })),
    requiresShipping: Type.Boolean(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Product' },
);

export const Tier = Type.Object({
  upTo: Nullable(DecimalString({ description: 'Inclusive upper bound; null on the open last tier.' })),
  unitPrice: DecimalString(),
  flatPrice: Type.Optional(DecimalString({ description: 'Fixed fee of the tier: graduated adds it for each tier reached, volume for the tier that applies.' })),
});

export const Price = Type.Object(
  {
    id: Uuid(),
    meterId: Uuid(),
    meter: Type.String({ description: 'The meter key.' }),
    model: PriceModelSchema,
    unitPrice: Nullable(DecimalString({ description: 'per_unit: price per unit; package: price per package.' })),
    packageSize: Nullable(DecimalString()),
    tiers: Nullable(Type.Array(Type.Object({ upTo: Nullable(Type.String()), unitPrice: Type.String(), flatPrice: Nullable(Type.String()) }))),
  },
  { title: 'Price' },
);

export const PriceInput = Type.Object(
  {
    meter: Type.String({ minLength: 1, maxLength: 100, description: 'Key of an existing meter.' }),
    model: Type.Optional(PriceModelSchema),
    unitPrice: Type.Optional(DecimalString()),
    packageSize: Type.Optional(DecimalString()),
    tiers: Type.Optional(Type.Array(Type.Object({ upTo: Nullable(DecimalString()), unitPrice: DecimalString(), flatPrice: Type.Optional(DecimalString()) }, { additionalProperties: false }), { maxItems: 50 })),
  },
  { additionalProperties: false, description: 'When `model` is omitted: tiers -> tiered, packageSize -> package, otherwise per_unit.' },
);

const Grant = Type.Object({
  meter: Type.String({ description: 'Meter key.' }),
  amount: DecimalString(),
  on: Type.Literal('cycle'),
});
const GrantInput = Type.Object(
  { meter: Type.String({ minLength: 1, maxLength: 100 }), amount: DecimalString(), on: Type.Literal('cycle') },
  { additionalProperties: false },
);

export const ProductVersion = Type.Object(
  {
    id: Uuid(),
    productId: Uuid(),
    version: Type.Integer({ description: 'Sequential per product: 1, 2, 3...' }),
    billingCycle: Nullable(BillingCycleSchema),
    basePrice: Nullable(DecimalString()),
    status: Enum(['draft', 'published', 'archived'] as const),
    isDefault: Type.Boolean(),
    publishedAt: Type.Optional(DateTime({ description: 'Absent while the version is a draft.' })),
    commitmentAmount: Nullable(DecimalString()),
    commitmentResets: Type.Boolean(),
    consumptionFloor: DecimalString(),
    grants: Type.Array(Grant),
    prices: Type.Array(Price, { description: 'Usage prices of the version.' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'ProductVersion' },
);

/** Pricing fields of a version; on PATCH and POST /versions omitted fields keep their value. */
const VersionFields = {
  basePrice: Type.Optional(Nullable(DecimalString({ description: 'Null for a usage-only product.' }))),
  billingCycle: Type.Optional(Nullable(BillingCycleSchema)),
  commitmentAmount: Type.Optional(Nullable(DecimalString())),
  commitmentResets: Type.Optional(Type.Boolean()),
  consumptionFloor: Type.Optional(DecimalString()),
  grants: Type.Optional(Type.Array(GrantInput, { maxItems: 50 })),
  prices: Type.Optional(Type.Array(PriceInput, { maxItems: 50, description: 'Replaces the whole list.' })),
};

export const CreateVersionBody = Type.Object(VersionFields, {
  additionalProperties: false,
  description: 'Fields not sent are copied from the current version (latest published, else latest).',
});
export const VersionPatch = Type.Object(VersionFields, { additionalProperties: false, description: 'Drafts only. Omitted fields do not change.' });
export const PublishBody = Type.Union([
  Type.Object({ default: Type.Optional(Type.Boolean({ description: 'Default true.' })) }, { additionalProperties: false }),
  Type.Null(),
]);

export const CreateProductBody = Type.Object(
  {
    key: Key('Stable key, unique in the account and environment. Sending an existing key returns that product.'),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    type: Type.Optional(ProductTypeSchema),
    pricingModel: Type.Optional(PricingModelSchema),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: '3-letter ISO 4217 code, default BRL.' })),
    billingCycle: Type.Optional(BillingCycleSchema),
    basePrice: Type.Optional(DecimalString({ description: "Version 1's base price." })),
  },
  { additionalProperties: false },
);

export const ProductWithVersion = Type.Object({ product: Product, version: ProductVersion });

export const ProductPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    imageUrl: Type.Optional(Nullable(HttpUrl)),
    requiresShipping: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ProductListQuery = Type.Object({ ...ListQuery.properties, key: Type.Optional(Type.String()) }, { additionalProperties: false });
export const ProductList = Type.Object({ products: Type.Array(Product), nextCursor: Nullable(Type.String()) });
export const VersionList = Type.Object({ versions: Type.Array(ProductVersion), nextCursor: Nullable(Type.String()) });
export const ProductParams = Type.Object({ productID: Uuid() });
export const VersionParams = Type.Object({ productID: Uuid(), versionID: Uuid() });

// ---- Meters ----

export const Meter = Type.Object(
  {
    id: Uuid(),
    key: Type.String({ description: 'What usage events name in `meter`.' }),
    name: Type.String(),
    aggregation: AggregationSchema,
    unit: Nullable(Type.String()),
    property: Nullable(Type.String({ description: 'unique_count only: the metadata property whose distinct values are counted.' })),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Meter' },
);
export const CreateMeterBody = Type.Object(
  {
    key: Key('Unique in the account and environment; cannot change.'),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    aggregation: AggregationSchema,
    unit: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    property: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Required for unique_count, refused otherwise.' })),
  },
  { additionalProperties: false },
);
export const MeterPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    aggregation: Type.Optional(AggregationSchema),
    unit: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
    property: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  },
  { additionalProperties: false, description: 'aggregation and property cannot change once a published version or a rate card prices the meter.' },
);
export const MeterList = Type.Object({ meters: Type.Array(Meter), nextCursor: Nullable(Type.String()) });
export const MeterParams = Type.Object({ meterID: Uuid() });

// ---- Payment links ----

export const PaymentLink = Type.Object(
  {
    id: Uuid(),
    productId: Uuid(),
    productVersionId: Uuid(),
    quantity: DecimalString(),
    successUrl: Nullable(Type.String()),
    cancelUrl: Nullable(Type.String()),
    active: Type.Boolean(),
    url: Type.String({ description: '{base_url}/pay/{accountSlug}/{linkID}' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'PaymentLink' },
);
export const CreatePaymentLinkBody = Type.Object(
  {
    productId: Uuid(),
    productVersionId: Type.Optional(Uuid({ description: 'A published version; the default version when omitted.' })),
    quantity: Type.Optional(DecimalString({ description: 'Greater than 0; default "1".' })),
    successUrl: Type.Optional(HttpUrl),
    cancelUrl: Type.Optional(HttpUrl),
  },
  { additionalProperties: false },
);
export const PaymentLinkPatch = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
export const PaymentLinkListQuery = Type.Object({ ...ListQuery.properties, productId: Type.Optional(Uuid()) }, { additionalProperties: false });
export const PaymentLinkList = Type.Object({ paymentLinks: Type.Array(PaymentLink), nextCursor: Nullable(Type.String()) });
export const PaymentLinkParams = Type.Object({ linkID: Uuid() });
