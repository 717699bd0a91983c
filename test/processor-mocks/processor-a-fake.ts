// A small stateful Adyen Checkout (v71) for tests, behind test/processor-mocks/validating-mock.ts:
// it remembers sessions, payments and refunds so a test can create a charge, confirm it with a
// signed AUTHORISATION notification and refund it. Notifications are signed with the library's
// own HMAC helper, as Adyen signs them.
import { randomBytes } from 'node:crypto';
import adyen from '@adyen/api-library';
import type { FakeHandler, MockAnswer, MockRequest } from './validating-mock.ts';

export const PROCESSOR_A_SPEC = new URL('../fixtures/processors/processor-a/CheckoutService-v71.json', import.meta.url).pathname;
export const PROCESSOR_A_SERVER = 'https://checkout-test.adyen.com/v71';
/** The path the adapter puts before the document's paths: PROCESSOR_A_API_URL is `{mock.url}/v71`. */
export const PROCESSOR_A_BASE_PATH = '/v71';

/** A Santander boleto's digitable line as Adyen's voucher shows it, and its barcode. */
export const FAKE_BOLETO_LINE = '03399.33350 33823.303087 79819.890108 1 16500000010000';
export const FAKE_BOLETO_BARCODE = '03391165000000100009333533823303087981989010';
export const FAKE_PIX_PAYLOAD = '00020101021226880014br.gov.bcb.pix2566qrcodes-pix.adyen.com/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5913ADYEN TESTING6009SAO PAULO62070503***6304ABCD';

export interface FakePayment {
  pspReference: string;
  reference: string;
  method: string;
  amount: { value: number; currency: string };
  refunded: number;
}

/** A NotificationRequestItem's fields as plain strings (Adyen's event codes are many; the library types them as an enum). */
export interface FakeNotificationItem {
  eventCode: string;
  pspReference: string;
  originalReference?: string;
  merchantReference?: string;
  merchantAccountCode?: string;
  amount?: { value: number; currency: string };
  success?: 'true' | 'false';
  reason?: string;
}

export interface ProcessorAFake {
  handler: FakeHandler;
  apiKey: string;
  hmacKey: string;
  merchantAccount: string;
  sessions: Map<string, { reference: string; amount: { value: number; currency: string } }>;
  payments: Map<string, FakePayment>;
  /** The next stored-card payment is refused with this reason and code. */
  refuseNext(reason: string, code: string): void;
  /** Every answer waits this long (timeouts). */
  delayMs: number;
  /** Every answer is this status instead (5xx). */
  failWith: number | null;
  /** A signed notification body, as Adyen posts it. */
  notification(items: FakeNotificationItem[], options?: { sign?: boolean; hmacKey?: string }): Buffer;
}

function pspReference(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

const json = (status: number, body: unknown): MockAnswer => ({ status, body });

function error(status: number, errorCode: string, message: string, errorType: string): MockAnswer {
  return json(status, { status, errorCode, message, errorType });
}

export function processorAFake(options: { apiKey?: string; hmacKey?: string; merchantAccount?: string } = {}): ProcessorAFake {
  const apiKey = options.apiKey ?? 'AQE_test_api_key_0001';
  const hmacKey = options.hmacKey ?? randomBytes(32).toString('hex').toUpperCase();
  const merchantAccount = options.merchantAccount ?? 'SellerECOM';
  const sessions = new Map<string, { reference: string; amount: { value: number; currency: string } }>();
  const payments = new Map<string, FakePayment>();
  const idempotent = new Map<string, MockAnswer>();
  let refusal: { reason: string; code: string } | null = null;

  const answer = (request: MockRequest): MockAnswer => {
    if (request.headers['x-api-key'] !== apiKey) return error(401, '000', 'HTTP Status Response - Unauthorized', 'security');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && body.merchantAccount !== merchantAccount) return error(403, '901', 'Invalid Merchant Account', 'security');
    const amount = body.amount as { value: number; currency: string } | undefined;
    if (request.method === 'POST' && request.path === '/paymentMethods') {
      return json(200, { paymentMethods: [{ type: 'scheme', name: 'Cartão de crédito' }, { type: 'pix', name: 'Pix' }, { type: 'boletobancario', name: 'Boleto Bancário' }] });
    }
    if (request.method === 'POST' && request.path === '/sessions') {
      const id = `CS${randomBytes(8).toString('hex').toUpperCase()}`;
      sessions.set(id, { reference: String(body.reference), amount: amount! });
      return json(201, {
        id,
        sessionData: `Ab02b4c0!${randomBytes(48).toString('base64')}`,
        amount,
        merchantAccount,
        reference: body.reference,
        returnUrl: body.returnUrl,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        countryCode: body.countryCode,
        shopperLocale: body.shopperLocale,
        mode: 'embedded',
      });
    }
    if (request.method === 'POST' && request.path === '/payments') {
      const method = String((body.paymentMethod as { type?: string } | undefined)?.type);
      const psp = pspReference();
      const base = { pspReference: psp, merchantReference: body.reference, amount };
      if (method === 'scheme' && refusal) {
        const { reason, code } = refusal;
        refusal = null;
        return json(200, { ...base, resultCode: 'Refused', refusalReason: reason, refusalReasonCode: code });
      }
      payments.set(psp, { pspReference: psp, reference: String(body.reference), method, amount: amount!, refunded: 0 });
      if (method === 'pix') {
        return json(200, { ...base, resultCode: 'Pending', action: { type: 'qrCode', paymentMethodType: 'pix', qrCodeData: FAKE_PIX_PAYLOAD, expiresAt: '2026-11-27T02:00:00Z', url: 'https://test.adyen.com/hpp/generateQRCodeImage.shtml' } });
      }
      if (method === 'boletobancario') {
        return json(200, {
          ...base,
          resultCode: 'PresentToShopper',
          action: { type: 'voucher', paymentMethodType: 'boletobancario', reference: FAKE_BOLETO_LINE, downloadUrl: `https://test.adyen.com/hpp/generationBoleto.shtml?data=${psp}`, expiresAt: String(body.deliveryDate), totalAmount: amount, merchantName: 'Seller' },
        });
      }
      if (method === 'scheme') return json(200, { ...base, resultCode: 'Authorised' });
      return error(422, '905', `Payment details are not supported: ${method}`, 'validation');
    }
    const refundPath = /^\/payments\/([^/]+)\/refunds$/.exec(request.path);
    if (request.method === 'POST' && refundPath) {
      const payment = payments.get(decodeURIComponent(refundPath[1]!));
      if (!payment) return error(422, '167', 'Original pspReference required for this operation', 'validation');
      if (!amount || amount.value > payment.amount.value - payment.refunded) return error(422, '137', 'Invalid amount specified', 'validation');
      payment.refunded += amount.value;
      return json(201, { merchantAccount, paymentPspReference: payment.pspReference, pspReference: pspReference(), reference: body.reference, status: 'received', amount });
    }
    return error(404, '000', 'not in the fake', 'validation');
  };

  const fake: ProcessorAFake = {
    apiKey,
    hmacKey,
    merchantAccount,
    sessions,
    payments,
    delayMs: 0,
    failWith: null,
    refuseNext(reason, code) {
      refusal = { reason, code };
    },
    handler: async (request) => {
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (fake.failWith) return error(fake.failWith, '000', 'fake failure', 'internal');
      // Adyen answers a repeated Idempotency-Key with the first answer.
      const key = request.headers['idempotency-key'];
      if (key && idempotent.has(key)) return idempotent.get(key)!;
      const result = answer(request);
      if (key) idempotent.set(key, result);
      return result;
    },
    notification(items, signOptions = {}) {
      const validator = new adyen.hmacValidator();
      const notificationItems = items.map((partial) => {
        const item = {
          merchantAccountCode: merchantAccount,
          merchantReference: '',
          amount: { value: 0, currency: 'BRL' },
          eventDate: '2026-11-27T00:30:00+01:00',
          success: 'true',
          ...partial,
        } as unknown as adyen.Types.notification.NotificationRequestItem;
        if (signOptions.sign !== false) item.additionalData = { ...item.additionalData, hmacSignature: validator.calculateHmac(item, signOptions.hmacKey ?? hmacKey) };
        return { NotificationRequestItem: item };
      });
      return Buffer.from(JSON.stringify({ live: 'false', notificationItems }));
    },
  };
  return fake;
}
