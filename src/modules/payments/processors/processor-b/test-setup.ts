// Tests only: the processor_b adapter against the validating mock serving Stripe's document.
import { afterEach, expect } from 'vitest';
import { startValidatingMock, type ValidatingMock } from '../../../../../test/processor-mocks/validating-mock.ts';
import type { ProcessorAdapter, ProcessorChargeRequest, ProcessorConnection } from '../types.ts';
import { createProcessorBAdapter } from './index.ts';
import { GOOD_SECRET_KEY, StripeFake } from './stripe-fake.ts';

export const SPEC_PATH = 'test/fixtures/processors/processor-b/stripe-openapi.json';
export const WEBHOOK_SECRET = 'whsec_test_secret';

const open: ValidatingMock[] = [];

afterEach(async () => {
  // Every request any test sent matched Stripe's document.
  const violations = open.flatMap((mock) => mock.violations);
  await Promise.all(open.splice(0).map((mock) => mock.close()));
  expect(violations).toEqual([]);
});

export function connectionWith(credentials: Partial<Record<'secretKey' | 'publishableKey' | 'webhookSecret', string>> = {}): ProcessorConnection {
  return {
    id: 'conn_b',
    provider: 'processor_b',
    environment: 'sandbox',
    methods: ['card', 'boleto', 'pix'],
    credentials: { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_test_public', webhookSecret: WEBHOOK_SECRET, ...credentials },
    webhookUrl: 'https://billing.example.com/webhooks/processors/conn_b',
  };
}

export async function startStripe(options: { timeoutMs?: number } = {}): Promise<{ mock: ValidatingMock; fake: StripeFake; adapter: ProcessorAdapter; connection: ProcessorConnection }> {
  const fake = new StripeFake();
  const mock = await startValidatingMock({ specPath: SPEC_PATH, serverUrl: 'https://api.stripe.com/', fake: fake.handle });
  open.push(mock);
  const adapter = createProcessorBAdapter({ processorAApiUrl: null, processorBApiUrl: mock.url, timeoutMs: options.timeoutMs ?? 5_000 });
  return { mock, fake, adapter, connection: connectionWith() };
}

export function chargeRequest(overrides: Partial<ProcessorChargeRequest> = {}): ProcessorChargeRequest {
  return {
    paymentId: 'pay_0001',
    idempotencyKey: 'idem_charge_0001',
    method: 'card',
    amount: '10.50',
    currency: 'BRL',
    description: 'Invoice INV-0001',
    invoice: { id: 'inv_0001', dueDate: new Date('2026-11-30T12:00:00Z') },
    payer: { name: 'Maria Silva', email: 'maria@example.com', document: '12345678909' },
    pixExpiresInSeconds: 3600,
    savedMethod: null,
    now: new Date('2026-11-27T12:00:00Z'),
    ...overrides,
  };
}
