import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';
import { Address } from '../customers/index.ts';

export const PaymentMethodSchema = Type.Union([Type.Literal('pix'), Type.Literal('boleto'), Type.Literal('card'), Type.Literal('crypto')]);
export const PaymentStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('failed'), Type.Literal('refunded'), Type.Literal('charged_back')], {
  description: 'pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank.',
});
const SettlementNetwork = Type.Union([Type.Literal('base'), Type.Literal('solana')]);

/** The interface's failure codes, plus `expired` (a lapsed Pix code or boleto). New codes may appear. */
export const FAILURE_CODES = [
  'insufficient_funds',
  'do_not_honor',
  'card_declined',
  'authentication_required',
  'card_expired',
  'card_stolen',
  'card_invalid',
  'mandate_revoked',
  'mandate_refused',
  'brand_changed',
  'provider_error',
  'provider_timeout',
  'superseded',
  'expired',
] as const;

const ClientActionAmount = Type.Object(
  {
    value: Type.Integer({ minimum: 0, description: "The amount in the currency's minor unit (cents for BRL)." }),
    currency: Type.String({ description: 'ISO 4217 code.' }),
  },
  { additionalProperties: false, title: 'ClientActionAmount' },
);

const CardSessionAction = Type.Object(
  {
    type: Type.Literal('processor_a_session'),
    session: Type.Object({ id: Type.String(), sessionData: Type.String({ description: 'Not to be stored or logged.' }) }, { additionalProperties: false }),
    clientKey: Type.String({ description: 'Public key, safe for the browser.' }),
    environment: Type.Union(['live', 'live-us', 'live-au', 'live-nea', 'live-in'].map((v) => Type.Literal(v))),
    countryCode: Type.Literal('BR'),
    locale: Type.Literal('pt-BR'),
    amount: ClientActionAmount,
  },
  { additionalProperties: false, title: 'CardSessionAction' },
);

const CardPaymentAction = Type.Object(
  {
    type: Type.Literal('processor_b_payment_intent'),
    clientSecret: Type.String(),
    publishableKey: Type.String(),
  },
  { additionalProperties: false, title: 'CardPaymentAction' },
);

const Payer = Type.Object(
  {
    id: Uuid({ description: 'One-off invoice: the customer id; usage or subscription invoice: the enrollment id.' }),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
  },
  { title: 'PaymentPayer' },
);

const paymentFields = {
  id: Uuid(),
  invoiceId: Uuid(),
  provider: Type.String({ description: 'Processor the charge ran through; `sandbox` in sandbox.' }),
  providerId: Nullable(Type.String({ description: "The charge's reference at the processor." })),
  method: PaymentMethodSchema,
  amount: DecimalString({ description: "The invoice's amountDue when the charge was made." }),
  currency: Type.String(),
  status: PaymentStatusSchema,
  refundedAmount: Type.Optional(DecimalString({ description: 'Total refunded so far; absent when nothing was refunded.' })),
  failureCode: Nullable(Type.String({ description: `Why the charge failed: ${FAILURE_CODES.join(', ')}. New codes may appear.` })),
  failedAt: Nullable(DateTime()),
  confirmedAt: Nullable(DateTime({ description: 'When the money arrived.' })),
  createdAt: DateTime(),
  pixPayload: Type.Optional(Type.String({ description: 'Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link.' })),
  pixQrImage: Type.Optional(
    Type.String({ description: 'The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload).' }),
  ),
  providerPixPayload: Type.Optional(Type.String({ description: 'Sandbox only: the code the test processor generated, for inspection; not payable.' })),
  pixExpiresAt: Type.Optional(Nullable(DateTime({ description: 'When the Pix code expires (Pix charges only).' }))),
  sandboxConfirmUrl: Type.Optional(Type.String({ description: 'Sandbox only: a page whose button marks the charge paid without real money.' })),
  boletoLine: Type.Optional(Type.String({ description: 'Boleto: the 47-digit digitable line.' })),
  boletoBarcode: Type.Optional(Type.String({ description: 'Boleto: the 44-digit barcode.' })),
  boletoUrl: Type.Optional(Type.String({ description: 'Boleto: a printable page with the ITF barcode.' })),
  boletoDueDate: Type.Optional(DateTime({ description: "Boleto: the due date (the invoice's dueDate, or 3 days after the charge)." })),
  network: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('test')], { description: 'Crypto widget environment: test in sandbox.' })),
  settlementAsset: Type.Optional(Type.Literal('USDC')),
  settlementNetwork: Type.Optional(SettlementNetwork),
};

/** The interface's PaymentNextAction union. */
export const PaymentNextAction = Type.Union([CardSessionAction, CardPaymentAction]);

export const Payment = Type.Object({ ...paymentFields, payer: Nullable(Payer) }, { title: 'Payment' });

export const CreatedCharge = Type.Object(
  {
    ...paymentFields,
    invoiceUrl: Type.String({ description: 'Hosted payment page. Charge-creation response only.' }),
    switchable: Type.Boolean({ description: 'True while the payment is pending. Charge-creation response only.' }),
    chargeToken: Type.Optional(Type.String({ description: 'Crypto: single-use token for the payment widget. Charge-creation response only.' })),
    clientSecret: Type.Optional(Type.String({ description: 'Card: temporary secret to confirm the charge in the browser. Charge-creation response only.' })),
    publishableKey: Type.Optional(Type.String({ description: "Card: the account's publishable key, paired with clientSecret." })),
    nextAction: Type.Optional({ ...PaymentNextAction, description: "Card: what the browser needs, by the account's cardProcessor." }),
  },
  { title: 'CreatedCharge' },
);

export const ChargeBody = Type.Object(
  {
    method: PaymentMethodSchema,
    payer: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
          document: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'CPF or CNPJ; check digits are verified.' })),
          address: Type.Optional(
            Type.Object(Address.properties, {
              additionalProperties: false,
              description: "The payer's billing address, passed to the processor: boleto through processor_a (Adyen) or processor_b (Stripe) asks for it. `line1` as \"Street, number\".",
            }),
          ),
        },
        { additionalProperties: false, description: "Who pays, when it is not (only) the invoice's customer: receipts and deliverables go to this email." },
      ),
    ),
    settlementNetwork: Type.Optional(SettlementNetwork),
    expiresInSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400, description: 'Pix only: how long the code stays payable (default 3600).' })),
  },
  { additionalProperties: false },
);

export const PaymentParams = Type.Object({ paymentID: Uuid() });
export const InvoicePaymentParams = Type.Object({ invoiceID: Uuid() });

export const PaymentListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(PaymentStatusSchema),
    method: Type.Optional(PaymentMethodSchema),
    invoiceId: Type.Optional(Uuid()),
    createdFrom: Type.Optional(DateTimeInput({ description: 'Created at or after.' })),
    createdTo: Type.Optional(DateTimeInput({ description: 'Created before.' })),
  },
  { additionalProperties: false },
);

export const PaymentList = Type.Object({ payments: Type.Array(Payment), nextCursor: Nullable(Type.String()) });

export const RefundBody = Type.Object(
  {
    amount: Type.Optional(DecimalString({ description: 'Omitted: what is left of the payment.' })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const Refund = Type.Object(
  {
    id: Uuid(),
    paymentId: Uuid(),
    amount: DecimalString(),
    currency: Type.String(),
    reason: Nullable(Type.String()),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('pending'), Type.Literal('failed')]),
    createdAt: DateTime(),
  },
  { title: 'Refund' },
);

export const RefundList = Type.Object({ refunds: Type.Array(Refund), nextCursor: Nullable(Type.String()) });

export const FailBody = Type.Object(
  { failureCode: Type.Optional(Type.Union(FAILURE_CODES.filter((c) => c !== 'superseded').map((c) => Type.Literal(c)), { description: 'Default provider_error.' })) },
  { additionalProperties: false },
);

/** What a route that calls a payment processor may answer besides its own errors (nothing is written on either). */
export const ProcessorErrorResponses = {
  502: Type.Unsafe({ $ref: 'StandardError#', description: 'provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written.' }),
  504: Type.Unsafe({ $ref: 'StandardError#', description: 'provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice.' }),
};
