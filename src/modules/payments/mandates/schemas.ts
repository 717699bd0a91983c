import { Type } from '@sinclair/typebox';
import { DateTime, DecimalString, ListQuery, Nullable, Uuid } from '../../../http/schemas.ts';

const CalendarDate = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description });
const Frequency = Type.Union([Type.Literal('weekly'), Type.Literal('monthly'), Type.Literal('quarterly'), Type.Literal('semiannual'), Type.Literal('annual')], {
  description: 'How often charges come (the standard\'s periodicidade): match the subscription\'s billing cycle.',
});

export const MandateBody = Type.Object(
  {
    customerId: Uuid({ description: 'The payer: a customer with a name and a CPF or CNPJ.' }),
    frequency: Frequency,
    amount: Type.Optional(DecimalString({ description: 'A fixed amount per charge in BRL; leave out when amounts vary (usage, proration): the payer then authorizes variable amounts.' })),
    startDate: Type.Optional(CalendarDate('First day charges may fall on (São Paulo calendar); default today.')),
    endDate: Type.Optional(CalendarDate('Last day; default none (until canceled).')),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 35, description: 'What the payer\'s bank shows (the standard\'s objeto, at most 35 characters).' })),
    retries: Type.Optional(Type.Boolean({ description: 'Whether a failed charge may be retried after its due date (the standard\'s PERMITE_3R_7D: 3 retries in 7 days). Default true.' })),
    payerAccount: Type.Optional(
      Type.Object(
        {
          ispb: Type.String({ pattern: '^\\d{8}$', description: 'The payer\'s bank (ISPB, 8 digits).' }),
          branch: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
          account: Type.String({ pattern: '^\\d{1,20}$' }),
        },
        { additionalProperties: false, description: 'Journey 1: the request goes to this account and shows in the payer\'s bank app. Leave out for journey 2: the payer scans `qrPayload`.' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Mandate = Type.Object(
  {
    id: Uuid(),
    customerId: Uuid(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('refused'), Type.Literal('revoked'), Type.Literal('canceled')], {
      description: '`pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it.',
    }),
    failureCode: Nullable(Type.Union([Type.Literal('mandate_refused'), Type.Literal('mandate_revoked')], { description: 'The failureCode a charge on this mandate fails with once it ended.' })),
    provider: Type.Union([Type.Literal('pix_api'), Type.Literal('sandbox')]),
    providerId: Type.String({ description: 'The recurrence\'s id at the PSP (idRec).' }),
    paymentMethod: Type.String({ description: 'A charge_automatically subscription\'s paymentMethod: `pix:{providerId}`, accepted once the mandate is active.' }),
    journey: Type.Union([Type.Literal('request'), Type.Literal('qr')], { description: '`request`: sent to the payer\'s bank account; `qr`: the payer scans qrPayload.' }),
    authorizationRequestId: Nullable(Type.String({ description: 'Journey 1: the request\'s id at the PSP (idSolicRec).' })),
    qrPayload: Nullable(Type.String({ description: 'Journey 2, while pending: the Pix copia-e-cola the payer scans to authorize (null in the sandbox: the /test routes play the payer).' })),
    frequency: Frequency,
    amount: Nullable(DecimalString()),
    currency: Type.Literal('BRL'),
    startDate: Type.String({ format: 'date' }),
    endDate: Nullable(Type.String({ format: 'date' })),
    description: Nullable(Type.String()),
    retries: Type.Boolean(),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'PixMandate' },
);

export const MandateList = Type.Object({ mandates: Type.Array(Mandate), nextCursor: Nullable(Type.String()) });
export const MandateListQuery = Type.Object({ ...ListQuery.properties, customerId: Type.Optional(Uuid()) }, { additionalProperties: false });
export const MandateParams = Type.Object({ mandateID: Uuid() });
export const SimulateParams = Type.Object({ mandateID: Uuid(), action: Type.Union([Type.Literal('approve'), Type.Literal('refuse'), Type.Literal('revoke')]) });
