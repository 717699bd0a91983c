// A storefront form's fields read into the API's PATCH body. Blank optional text clears the field
// (null), blank shipping means "arranged separately" (null), an unticked box is false, and the
// ticked products are the shop's list in the page's order.
import { isUuid } from '../../core/ids.ts';
import { formField } from './dashboard-routes.ts';
import type { StorefrontValues } from './storefronts-page.ts';

export interface StorefrontForm {
  method: 'POST' | 'PATCH';
  url: string;
  body: Record<string, unknown>;
  values: StorefrontValues;
}

const TEXT_FIELDS = [
  ['name', 200],
  ['slug', 200],
  ['description', 2000],
  ['preset', 50],
  ['accent', 50],
  ['status', 50],
  ['fulfillmentMode', 50],
  ['shippingFlatAmount', 50],
  ['pickupNote', 1000],
  ['logoObjectKey', 1000],
] as const;

/** The PATCH of the storefront's form; undefined when the id cannot name a storefront. */
export function patchBody(storefrontId: string, body: unknown): StorefrontForm | undefined {
  if (!isUuid(storefrontId)) return undefined;
  const values: StorefrontValues = {};
  for (const [name, max] of TEXT_FIELDS) values[name] = (formField(body, name, max) ?? '').trim();
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).productIds : undefined;
  const productIds = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  values.productIds = productIds;
  values.requireAddress = formField(body, 'requireAddress') === 'true';
  const text = (name: string) => values[name] as string;
  const orNull = (name: string) => (text(name) === '' ? null : text(name));
  return {
    method: 'PATCH',
    url: `/storefronts/${storefrontId}`,
    values,
    body: {
      name: text('name'),
      slug: text('slug'),
      description: orNull('description'),
      theme: { preset: text('preset'), accent: text('accent') },
      status: text('status'),
      fulfillmentMode: text('fulfillmentMode'),
      shippingFlatAmount: orNull('shippingFlatAmount'),
      pickupNote: orNull('pickupNote'),
      requireAddress: values.requireAddress,
      // Sent only when changed (a saved key is the sealed copy's); empty removes the logo.
      ...(text('logoObjectKey') === (formField(body, 'logoWas', 1000) ?? '') ? {} : { logoObjectKey: text('logoObjectKey') }),
      productIds,
    },
  };
}
