import { Type } from '@sinclair/typebox';
import { DateTime, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';
import { Address } from '../../modules/customers/index.ts';
import { THEME_ACCENTS, THEME_PRESETS } from './storefront-rules.ts';

const Status = Type.Union([Type.Literal('active'), Type.Literal('disabled')], { description: '`active` (live) or `disabled` (offline: its public routes answer 404).' });
const Fulfillment = Type.Union([Type.Literal('pickup'), Type.Literal('shipping'), Type.Literal('both')], {
  description: 'How the buyer receives the purchase; `both` lets the buyer choose.',
});
const ThemeView = Type.Object(
  { preset: Type.String({ enum: [...THEME_PRESETS] }), accent: Type.String({ enum: [...THEME_ACCENTS] }) },
  { description: 'The shop\'s look, from a fixed set of options.' },
);
// Open on input so an unknown option or value gets a field error naming it (storefront-rules.ts).
const ThemeInput = Type.Object(
  { preset: Type.Optional(Type.String({ description: THEME_PRESETS.join(', ') })), accent: Type.Optional(Type.String({ description: THEME_ACCENTS.join(', ') })) },
  { description: `Options: preset (${THEME_PRESETS.join(', ')}, default classic) and accent (${THEME_ACCENTS.join(', ')}, default blue); omitted options keep their value.` },
);
const SlugInput = Type.String({ maxLength: 200, description: '3 to 40 characters: lowercase letters, digits and single dashes; unique across the service; not a reserved word.' });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const ImageKey = Type.String({ maxLength: 1000, description: 'A key from POST /catalog/images/presign (purpose image), uploaded; an empty string removes the image.' });

export const Storefront = Type.Object(
  {
    id: Uuid(),
    slug: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    theme: ThemeView,
    status: Status,
    fulfillmentMode: Fulfillment,
    requireAddress: Type.Boolean(),
    pickupNote: Nullable(Type.String()),
    shippingFlatAmount: Nullable(
      Type.String({ description: "Flat shipping as a decimal string with the scale of the shop's currency (\"15.00\"); 0 is free; null means arranged separately." }),
    ),
    logoObjectKey: Nullable(Type.String()),
    logoUrl: Nullable(Type.String({ description: 'A signed address of the logo, valid for DOWNLOAD_URL_TTL_SECONDS.' })),
    bannerObjectKey: Nullable(Type.String()),
    bannerUrl: Nullable(Type.String()),
    productIds: Type.Array(Uuid(), { description: 'What the shop sells, in order.' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Storefront' },
);

const fields = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  logoObjectKey: Type.Optional(Nullable(ImageKey)),
  bannerObjectKey: Type.Optional(Nullable(ImageKey)),
  theme: Type.Optional(ThemeInput),
  status: Type.Optional(Status),
  fulfillmentMode: Type.Optional(Fulfillment),
  pickupNote: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  shippingFlatAmount: Type.Optional(Nullable(DecimalString({ description: 'Refused on a pickup-only shop.' }))),
  requireAddress: Type.Optional(Type.Boolean()),
  productIds: Type.Optional(Type.Array(Uuid(), { maxItems: 100, description: 'Products with a published default version priced once, in one currency.' })),
};

export const CreateStorefrontBody = Type.Object({ name: Text(200), slug: SlugInput, ...fields }, { additionalProperties: false });
export const StorefrontPatch = Type.Object({ name: Type.Optional(Text(200)), slug: Type.Optional(SlugInput), ...fields }, { additionalProperties: false });
export const StorefrontParams = Type.Object({ storefrontID: Uuid() });
export const StorefrontList = Type.Object({ storefronts: Type.Array(Storefront), nextCursor: Nullable(Type.String()) });
export const StorefrontListQuery = ListQuery;

const ShopProduct = Type.Object({
  id: Uuid(),
  name: Type.String(),
  description: Type.String(),
  imageUrl: Nullable(Type.String()),
  requiresShipping: Type.Boolean(),
  currency: Type.String(),
  unitPrice: Type.String({ description: "The default version's price." }),
});

export const PublicShop = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    theme: ThemeView,
    fulfillmentMode: Fulfillment,
    requireAddress: Type.Boolean(),
    pickupNote: Nullable(Type.String()),
    shippingFlatAmount: Nullable(Type.String({ description: 'Flat shipping in the shop\'s currency ("15.00"); null means arranged separately.' })),
    logoUrl: Nullable(Type.String()),
    bannerUrl: Nullable(Type.String()),
    currency: Nullable(Type.String({ description: 'The currency of every product; null while the shop sells nothing.' })),
    products: Type.Array(ShopProduct),
  },
  { title: 'PublicStorefront', description: 'What a buyer sees of a shop: nothing secret, no account id.' },
);


// An order's size is bounded by what a keyless caller may make the service write at once: each line
// is an invoice line, ledger and event data (docs/reliability.md, "Keyless routes: budgets by cost").
export const ORDER_MAX_LINES = 20;
export const ORDER_MAX_QUANTITY = 100;

export const OrderBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { productId: Uuid(), quantity: Type.Integer({ minimum: 1, maximum: ORDER_MAX_QUANTITY, description: `At most ${ORDER_MAX_QUANTITY} of a product per order.` }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: ORDER_MAX_LINES, description: `One item per product, at most ${ORDER_MAX_LINES} per order.` },
    ),
    payer: Type.Object(
      {
        name: Text(200),
        email: Type.String({ format: 'email', maxLength: 254 }),
        document: Type.Optional(Type.String({ maxLength: 32, description: 'CPF or CNPJ.' })),
      },
      { additionalProperties: false },
    ),
    fulfillment: Type.Object({ mode: Type.Union([Type.Literal('pickup'), Type.Literal('shipping')]), address: Type.Optional(Address) }, { additionalProperties: false }),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const Order = Type.Object(
  {
    id: Uuid(),
    items: Type.Array(Type.Object({ productId: Uuid(), name: Type.String(), quantity: Type.Integer(), unitPrice: Type.String(), amount: Type.String() })),
    fulfillment: Type.Object({ mode: Type.String(), address: Nullable(Address) }),
    currency: Type.String(),
    total: Type.String(),
    invoice: Type.Object({ id: Uuid(), invoiceNumber: Nullable(Type.String()), status: Type.String(), total: Type.String(), amountDue: Type.String() }),
    checkoutUrl: Type.String({ description: 'The hosted invoice page where the buyer pays.' }),
    createdAt: DateTime(),
  },
  { title: 'StorefrontOrder' },
);
