import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, ListQuery, Metadata, Nullable, Uuid } from '../../http/schemas.ts';
import { Price, PriceInputSchema as PriceInput } from '../catalog/index.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });
const ExternalId = Type.String({ minLength: 1, maxLength: 200, description: 'Your own id for the customer; unique in the account and environment.' });
const DocumentInput = Type.String({
  minLength: 1,
  maxLength: 32,
  description: 'CPF or CNPJ (numeric or the 2026 alphanumeric format), with or without punctuation; check digits are verified.',
});

export const Customer = Type.Object(
  {
    id: Uuid(),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    document: Nullable(Type.String({ description: 'CPF or CNPJ without punctuation, letters upper-cased.' })),
    documentType: Nullable(Type.Union([Type.Literal('cpf'), Type.Literal('cnpj')])),
    externalId: Nullable(Type.String()),
    metadata: Metadata(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    balances: Type.Array(
      Type.Object({ currency: Type.String({ description: 'ISO 4217 code.' }), amount: DecimalString({ description: 'Credit the customer holds in the currency.' }) }),
      {
        description:
          "The customer's credit balance per currency: credit notes with outcome `credit` add to it, and the finalization of its next invoice in that currency applies it (the invoice's appliedBalance) before anything is charged. Its ledger account is customers:<id>:credit.",
      },
    ),
  },
  { title: 'Customer' },
);

export const CreateCustomerBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    email: Type.Optional(Email),
    document: Type.Optional(DocumentInput),
    externalId: Type.Optional(ExternalId),
    metadata: Type.Optional(Metadata()),
  },
  { additionalProperties: false },
);

export const CustomerPatch = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    email: Type.Optional(Nullable(Email)),
    document: Type.Optional(Nullable(DocumentInput)),
    externalId: Type.Optional(Nullable(ExternalId)),
    metadata: Type.Optional(Metadata()),
  },
  { additionalProperties: false, description: 'Omitted fields do not change; null clears a field; metadata replaces the whole object.' },
);

export const CustomerListQuery = Type.Object(
  {
    ...ListQuery.properties,
    email: Type.Optional(Type.String({ description: 'Exact email.' })),
    externalId: Type.Optional(Type.String({ description: 'Exact external id.' })),
  },
  { additionalProperties: false },
);

export const CustomerList = Type.Object({ customers: Type.Array(Customer), nextCursor: Nullable(Type.String()) });

export const CustomerParams = Type.Object({ customerID: Uuid() });

// ---- enrollments and rate cards ----
// Price shapes are the catalog's own, so a rate card is validated and shown exactly like a version.

export const Enrollment = Type.Object(
  {
    id: Uuid({ description: 'The enrollment id: what invoices call customerId, and the subscription id of recurring products.' }),
    customerId: Uuid(),
    productId: Uuid(),
    productVersionId: Uuid(),
    status: Type.String({ description: '`active` on creation.' }),
    balance: DecimalString({ description: 'Prepaid balance (a subscription to a product priced prepaid: GET /billing/subscriptions/{id}/balance); "0" for the others.' }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'Enrollment' },
);
export const CreateEnrollmentBody = Type.Object(
  {
    productId: Uuid(),
    productVersionId: Type.Optional(Uuid({ description: "A published version of the product; the product's default version when omitted." })),
  },
  { additionalProperties: false },
);
export const EnrollmentList = Type.Object({ enrollments: Type.Array(Enrollment), nextCursor: Nullable(Type.String()) });
export const EnrollmentParams = Type.Object({ enrollmentID: Uuid() });

export const RateCard = Type.Object(
  {
    id: Uuid(),
    enrollmentId: Uuid(),
    basePrice: Nullable(DecimalString({ description: "Overrides the version's base price when set." })),
    prices: Type.Array(Price),
    active: Type.Boolean({ description: 'Whether the card is in effect now (effectiveFrom <= now < effectiveTo).' }),
    effectiveFrom: DateTime({ description: 'The card prices usage from this instant on (included).' }),
    effectiveTo: Nullable(DateTime({ description: 'The card prices usage up to this instant (excluded); set by DELETE, null until then.' })),
    createdAt: DateTime(),
    deletedAt: Nullable(DateTime()),
  },
  { title: 'RateCard' },
);
export const CreateRateCardBody = Type.Object(
  {
    prices: Type.Array(PriceInput, { minItems: 1, maxItems: 50, description: "Replaces the version's whole price list while the card is active." }),
    basePrice: Type.Optional(DecimalString()),
    effectiveFrom: Type.Optional(
      DateTimeInput({
        description:
          'When the card starts pricing usage; now when omitted. May be in the past (not inside an invoiced period: 409 usage_already_invoiced) or the future; never before the end of another card of the enrollment (409 conflict).',
      }),
    ),
  },
  { additionalProperties: false },
);
export const RateCardList = Type.Object({ rateCards: Type.Array(RateCard), nextCursor: Nullable(Type.String()) });
export const RateCardParams = Type.Object({ enrollmentID: Uuid(), rateCardID: Uuid() });
