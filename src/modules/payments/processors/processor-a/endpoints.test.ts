// Where the library's endpoints go, and the boleto barcode derived from its line.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBoleto } from '../../codes/boleto.ts';
import { fromAdyenAmount, toAdyenAmount } from './amounts.ts';
import { billingAddressOf } from './billing-address.ts';
import { barcodeFromLine } from './boleto-line.ts';
import { checkoutEndpoint } from './client.ts';
import { processorAAdapter } from './index.ts';
import type { ProcessorConnection } from '../types.ts';

describe('checkoutEndpoint', () => {
  it('pins the library endpoints to v71, test and live', () => {
    expect(checkoutEndpoint('https://checkout-test.adyen.com/v72/sessions', null)).toBe('https://checkout-test.adyen.com/v71/sessions');
    expect(checkoutEndpoint('https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v72/payments/ABC/refunds', null)).toBe(
      'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71/payments/ABC/refunds',
    );
  });

  it('sends everything to PROCESSOR_A_API_URL when set', () => {
    expect(checkoutEndpoint('https://checkout-test.adyen.com/v72/payments', 'http://127.0.0.1:4010/v71/')).toBe('http://127.0.0.1:4010/v71/payments');
  });
});

describe('the real endpoints (no PROCESSOR_A_API_URL)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const connection = (environment: ProcessorConnection['environment']): ProcessorConnection => ({
    id: 'conn',
    provider: 'processor_a',
    environment,
    methods: ['card'],
    credentials: { apiKey: 'AQE_key', merchantAccount: 'SellerECOM', clientKey: 'live_KEY', hmacKey: 'AB'.repeat(32), liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo' },
    webhookUrl: 'https://billing.example.com/webhooks/processors/conn',
  });

  it('sandbox connections call Adyen test, production ones the live endpoint of their prefix', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ paymentMethods: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await processorAAdapter.check(connection('sandbox'));
    await processorAAdapter.check(connection('production'));
    // (host names are case-insensitive: URL writes them in lower case)
    expect(calls).toEqual(['https://checkout-test.adyen.com/v71/paymentMethods', 'https://1797a841fbb37ca7-adyendemo-checkout-live.adyenpayments.com/checkout/v71/paymentMethods']);
  });
});

describe('amounts and boleto codes', () => {
  it('converts decimal strings to and from minor units', () => {
    expect(toAdyenAmount('10.50', 'BRL')).toEqual({ value: 1050, currency: 'BRL' });
    expect(toAdyenAmount('1.005', 'BHD')).toEqual({ value: 1005, currency: 'BHD' });
    expect(fromAdyenAmount(1050, 'BRL')).toBe('10.50');
    expect(fromAdyenAmount(500, 'JPY')).toBe('500');
    expect(fromAdyenAmount(900719925474099, 'BRL')).toBe('9007199254740.99');
  });

  it('derives the barcode from the digitable line (formatted or not)', () => {
    for (const dueDate of ['2026-12-04', '2031-01-15']) {
      const { line, barcode } = buildBoleto({ bankCode: '341', amount: '1234.56', dueDate: new Date(`${dueDate}T00:00:00Z`), freeField: '1234567890123456789012345' });
      expect(barcodeFromLine(line)).toBe(barcode);
      const formatted = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
      expect(barcodeFromLine(formatted)).toBe(barcode);
    }
    expect(barcodeFromLine('123')).toBeNull();
  });
});

describe('billingAddressOf', () => {
  it('splits the street from the number, keeps the complement, and strips the CEP', () => {
    expect(billingAddressOf({ line1: 'Av. Paulista, 1578', city: 'São Paulo', state: 'SP', postalCode: '01310-200', country: 'br' })).toEqual({
      street: 'Av. Paulista',
      houseNumberOrName: '1578',
      city: 'São Paulo',
      postalCode: '01310200',
      stateOrProvince: 'SP',
      country: 'BR',
    });
    expect(billingAddressOf({ line1: 'Estrada Velha', line2: 'Sítio 2', city: 'Cunha', state: 'SP', postalCode: '12530000', country: 'BR' })).toMatchObject({ street: 'Estrada Velha', houseNumberOrName: 'S/N Sítio 2' });
    expect(billingAddressOf({ line1: 'Rua A, s/n', city: 'Recife', state: 'PE', postalCode: '50000-000', country: 'BR' })).toMatchObject({ street: 'Rua A', houseNumberOrName: 's/n' });
  });
});
