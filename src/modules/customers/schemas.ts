import { Type } from '@sinclair/typebox';
import { DateTime, ListQuery, Metadata, Nullable, Uuid } from '../../http/schemas.ts';

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
