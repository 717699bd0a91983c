// A postal address: where a buyer's purchase is shipped (storefront orders, payment links that ship).
import { Type } from '@sinclair/typebox';

export interface PostalAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });

export const Address = Type.Object(
  {
    line1: Text(200),
    line2: Type.Optional(Type.String({ maxLength: 200 })),
    city: Text(100),
    state: Text(100),
    postalCode: Text(20),
    country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. BR.' }),
  },
  { additionalProperties: false, title: 'Address' },
);
