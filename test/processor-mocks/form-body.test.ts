// The validating mock on form bodies with bracket keys (Stripe's document as the example): what a
// body sends is validated, what it does not send is not invented, undeclared fields are caught.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nestFormFields } from './form-body.ts';
import { startValidatingMock, type ValidatingMock } from './validating-mock.ts';

test('bracket keys become the nested object, indexed keys arrays', () => {
  const fields = new URLSearchParams('amount=1050&payment_method_types[0]=pix&metadata[payment_id]=pay_1&a[b][c]=x&a[b][d]=y&list[0][k]=v&list[1][k]=w');
  expect(nestFormFields(fields)).toEqual({ amount: '1050', payment_method_types: ['pix'], metadata: { payment_id: 'pay_1' }, a: { b: { c: 'x', d: 'y' } }, list: [{ k: 'v' }, { k: 'w' }] });
});

describe('form bodies against the document', () => {
  let mock: ValidatingMock;
  beforeAll(async () => {
    mock = await startValidatingMock({ specPath: 'test/fixtures/processors/processor-b/stripe-openapi.json', serverUrl: 'https://api.stripe.com/', fake: (request) => ({ status: 200, body: request.body }) });
  });
  afterAll(() => mock.close());

  async function problemsOf(body: string): Promise<string[]> {
    const before = mock.violations.length;
    const res = await fetch(`${mock.url}/v1/payment_intents`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer sk_test_x' }, body });
    await res.arrayBuffer();
    return mock.violations.slice(before).flatMap((v) => v.problems);
  }

  test('a valid body passes, and the fake gets it nested', async () => {
    expect(await problemsOf('amount=1050&currency=brl&payment_method_types[0]=boleto&confirm=true&payment_method_data[type]=boleto&payment_method_data[boleto][tax_id]=1&metadata[payment_id]=pay_1')).toEqual([]);
    expect(mock.requests.at(-1)?.body).toMatchObject({ payment_method_data: { boleto: { tax_id: '1' } }, metadata: { payment_id: 'pay_1' } });
  });

  test('objects the body does not send are not required to be complete', async () => {
    // Prism's own deserializer would build shipping, transfer_data, mandate_data... and fail them.
    expect(await problemsOf('amount=1050&currency=brl')).toEqual([]);
  });

  test('types, nested required fields and undeclared fields are caught', async () => {
    expect(await problemsOf('amount=ten&currency=brl')).toEqual(['body.amount: Request body property amount must be integer']);
    expect(await problemsOf('amount=1&currency=brl&payment_method_data[type]=boleto&payment_method_data[boleto][taxid]=1')).toEqual([
      "body.payment_method_data.boleto: Request body property payment_method_data.boleto must have required property 'tax_id'",
    ]);
    expect(await problemsOf('amount=1&currency=brl&allowed_payment_method_types[0]=card')).toEqual([
      'body.allowed_payment_method_types: Request body property allowed_payment_method_types is not in the document',
    ]);
  });
});
