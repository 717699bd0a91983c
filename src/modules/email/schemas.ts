import { Type } from '@sinclair/typebox';
import { DateTime, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';

export const Email = Type.Object(
  {
    id: Uuid(),
    to: Type.String({ description: 'Recipient address.' }),
    subject: Type.String(),
    text: Type.String({ description: 'Plain-text body.' }),
    html: Nullable(Type.String({ description: 'HTML body, when the email has one.' })),
    createdAt: DateTime(),
    sentAt: Nullable(DateTime({ description: 'Always null in sandbox: sandbox emails are stored, never delivered.' })),
  },
  { title: 'Email' },
);

export const EmailListQuery = Type.Object(
  { ...ListQuery.properties, to: Type.Optional(Type.String({ maxLength: 320, description: 'Only emails to this address.' })) },
  { additionalProperties: false },
);

export const EmailList = Type.Object({ emails: Type.Array(Email), nextCursor: Nullable(Type.String()) });
