// The pix_api adapter against the standard's official document (served over mTLS by the validating
// mock, every request checked) and a small stateful PSP: charges (cob, cobv), the PSP's callback
// read back, and refunds. Transport (mTLS, OAuth2, failures): pix-api-client.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ProcessorError, type ProcessorConnection, type ProcessorRefundRequest } from '../types.ts';
import { createPixApiAdapter, refundIdFor, resetPixClients, txidFor } from './index.ts';
import { chargeRequest, PIX_KEY, startPixTestPsp, type PixTestPsp } from './test-harness.ts';

let t: PixTestPsp;
const adapter = createPixApiAdapter({ timeoutMs: 5_000 });

beforeAll(async () => {
  t = await startPixTestPsp();
});
afterAll(async () => {
  await resetPixClients();
  await t.close();
});
afterEach(() => {
  t.psp.override = null;
  t.psp.delayMs = 0;
  t.psp.refundStatus = 'EM_PROCESSAMENTO';
});

/** Every test ends with this: nothing the adapter sent broke the official document. */
function expectNoViolations(): void {
  expect(t.mock.violations).toEqual([]);
}

function requestsTo(method: string, pathPrefix: string) {
  return t.mock.requests.filter((r) => r.method === method && r.path.startsWith(`/api${pathPrefix}`));
}

async function rejection(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

function callback(pix: Record<string, unknown>[], subpath = '/pix') {
  return { headers: { 'content-type': 'application/json' }, rawBody: Buffer.from(JSON.stringify({ pix })), subpath };
}

async function paidCharge(connection: ProcessorConnection, amount = '10.50') {
  const charge = await adapter.createCharge(connection, chargeRequest({ amount }));
  const endToEndId = t.psp.pay(charge.providerId);
  return { charge, endToEndId };
}

function refundRequest(providerId: string, overrides: Partial<ProcessorRefundRequest> = {}): ProcessorRefundRequest {
  return {
    refundId: 'ref_1',
    idempotencyKey: `refund-key-${Math.random()}`,
    payment: { id: 'pay_1', providerId, method: 'pix', amount: '10.50', currency: 'BRL' },
    amount: '4.25',
    reason: 'Customer asked',
    ...overrides,
  };
}

describe('charges', () => {
  test('an immediate cob under a txid derived from the idempotency key; the payload is pixCopiaECola', async () => {
    const request = chargeRequest({ amount: '10.5', pixExpiresInSeconds: 1800 });
    const charge = await adapter.createCharge(t.connection(), request);
    const txid = txidFor(request.idempotencyKey);
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(charge.providerId).toBe(txid);
    expect(charge.status).toBe('pending');
    expect(charge.failureCode).toBeNull();
    const stored = t.psp.charges.get(txid)!;
    expect(stored.kind).toBe('cob');
    expect(charge.pix!.payload).toBe(stored.cob.pixCopiaECola);
    const criacao = (stored.cob.calendario as { criacao: string }).criacao;
    expect(charge.pix!.expiresAt.getTime()).toBe(Date.parse(criacao) + 1800_000);
    const [put] = requestsTo('PUT', `/cob/${txid}`);
    expect(put!.body).toEqual({
      calendario: { expiracao: 1800 },
      devedor: { cpf: '12345678909', nome: 'Fulano de Tal' },
      valor: { original: '10.50' },
      chave: PIX_KEY,
      solicitacaoPagador: 'Invoice INV-0001',
      infoAdicionais: [{ nome: 'paymentId', valor: request.paymentId }],
    });
    expectNoViolations();
  });

  test('a retry with the same idempotency key never makes a second charge', async () => {
    const connection = t.connection();
    const request = chargeRequest();
    const first = await adapter.createCharge(connection, request);
    const count = t.psp.charges.size;
    const again = await adapter.createCharge(connection, { ...request, now: new Date(Date.now() + 5_000) });
    expect(again.providerId).toBe(first.providerId);
    expect(again.pix!.payload).toBe(first.pix!.payload);
    expect(t.psp.charges.size).toBe(count);
    expect(requestsTo('PUT', `/cob/${first.providerId}`)).toHaveLength(2);
    expectNoViolations();
  });

  test('the same txid holding another amount is not taken for ours', async () => {
    const connection = t.connection();
    const request = chargeRequest();
    await adapter.createCharge(connection, request);
    const error = await rejection(adapter.createCharge(connection, { ...request, amount: '99.00' }));
    expect(error.code).toBe('provider_rejected');
    expectNoViolations();
  });

  test('no devedor without a document; a CNPJ is sent as cnpj', async () => {
    const connection = t.connection();
    const anonymous = chargeRequest({ payer: { name: 'Fulano', email: null, document: null } });
    await adapter.createCharge(connection, anonymous);
    expect(requestsTo('PUT', `/cob/${txidFor(anonymous.idempotencyKey)}`)[0]!.body).not.toHaveProperty('devedor');
    const company = chargeRequest({ payer: { name: 'Loja Ltda', email: null, document: '12.345.678/0001-95' } });
    await adapter.createCharge(connection, company);
    expect((requestsTo('PUT', `/cob/${txidFor(company.idempotencyKey)}`)[0]!.body as { devedor: unknown }).devedor).toEqual({ cnpj: '12345678000195', nome: 'Loja Ltda' });
    expectNoViolations();
  });

  test('an invoice with a due date and a payer with a document: cobv, payable 30 days after', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const request = chargeRequest({ now, invoice: { id: 'inv_2', dueDate: new Date('2026-12-10T15:00:00Z') } });
    const charge = await adapter.createCharge(t.connection(), request);
    const txid = txidFor(request.idempotencyKey);
    expect(t.psp.charges.get(txid)!.kind).toBe('cobv');
    const [put] = requestsTo('PUT', `/cobv/${txid}`);
    expect(put!.body).toMatchObject({ calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 30 }, devedor: { cpf: '12345678909', nome: 'Fulano de Tal' }, valor: { original: '10.50' }, chave: PIX_KEY });
    // Payable through 2027-01-09 in São Paulo (UTC-3).
    expect(charge.pix!.expiresAt.toISOString()).toBe('2027-01-10T03:00:00.000Z');
    expectNoViolations();
  });

  test('a due date already past is sent as today; without a document a due date still makes a cob', async () => {
    const connection = t.connection();
    const now = new Date('2026-11-27T12:00:00Z');
    const late = chargeRequest({ now, invoice: { id: 'inv_3', dueDate: new Date('2026-11-01T12:00:00Z') } });
    await adapter.createCharge(connection, late);
    expect(requestsTo('PUT', `/cobv/${txidFor(late.idempotencyKey)}`)[0]!.body).toMatchObject({ calendario: { dataDeVencimento: '2026-11-27' } });
    const anonymous = chargeRequest({ now, invoice: { id: 'inv_4', dueDate: new Date('2026-12-10T12:00:00Z') }, payer: { name: null, email: null, document: null } });
    await adapter.createCharge(connection, anonymous);
    expect(t.psp.charges.get(txidFor(anonymous.idempotencyKey))!.kind).toBe('cob');
    expectNoViolations();
  });

  test('Pix is BRL only and pix only', async () => {
    expect((await rejection(adapter.createCharge(t.connection(), chargeRequest({ currency: 'USD' })))).code).toBe('provider_rejected');
    expect((await rejection(adapter.createCharge(t.connection(), chargeRequest({ method: 'card' })))).code).toBe('provider_rejected');
    expectNoViolations();
  });

  test('retrieveCharge: ATIVA pending, CONCLUIDA with its Pix confirmed with the amount paid', async () => {
    const connection = t.connection();
    const request = chargeRequest({ amount: '25.00' });
    const charge = await adapter.createCharge(connection, request);
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'pix')).toMatchObject({ kind: 'ignored' });
    const endToEndId = t.psp.pay(charge.providerId);
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'pix')).toEqual({
      kind: 'charge.confirmed',
      eventId: `pix_api:pix:${endToEndId}`,
      providerId: charge.providerId,
      paymentId: request.paymentId,
      amount: '25.00',
    });
    expect(requestsTo('GET', `/cob/${charge.providerId}`).length).toBeGreaterThanOrEqual(2);
    expectNoViolations();
  });

  test('retrieveCharge of a cobv reads /cobv after /cob answers 404', async () => {
    const connection = t.connection();
    const charge = await adapter.createCharge(connection, chargeRequest({ invoice: { id: 'inv_5', dueDate: new Date(Date.now() + 5 * 86_400_000) } }));
    t.psp.pay(charge.providerId, '10.60');
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'pix')).toMatchObject({ kind: 'charge.confirmed', amount: '10.60' });
    expect(requestsTo('GET', `/cobv/${charge.providerId}`)).toHaveLength(1);
    expectNoViolations();
  });

  test('decline mapping: removed by the PSP → provider_error, by the seller → card_declined; unknown → ignored', async () => {
    const connection = t.connection();
    for (const [status, failureCode] of [
      ['REMOVIDA_PELO_PSP', 'provider_error'],
      ['REMOVIDA_PELO_USUARIO_RECEBEDOR', 'card_declined'],
    ] as const) {
      const charge = await adapter.createCharge(connection, chargeRequest());
      t.psp.charges.get(charge.providerId)!.cob.status = status;
      expect(await adapter.retrieveCharge(connection, charge.providerId, 'pix')).toMatchObject({ kind: 'charge.failed', providerId: charge.providerId, failureCode });
    }
    expect(await adapter.retrieveCharge(connection, 'A'.repeat(35), 'pix')).toMatchObject({ kind: 'ignored' });
    expectNoViolations();
  });
});

describe('the PSP\'s callback, read back', () => {
  test('a callback for a paid charge confirms it with what the PSP says, not what the callback claims', async () => {
    const connection = t.connection();
    const { charge, endToEndId } = await paidCharge(connection, '30.00');
    const before = requestsTo('GET', `/cob/${charge.providerId}`).length;
    const events = await adapter.parseWebhook(connection, callback([{ endToEndId, txid: charge.providerId, valor: '9999.00', horario: new Date().toISOString() }]));
    expect(events).toEqual([expect.objectContaining({ kind: 'charge.confirmed', providerId: charge.providerId, amount: '30.00', eventId: `pix_api:pix:${endToEndId}` })]);
    expect(requestsTo('GET', `/cob/${charge.providerId}`).length).toBe(before + 1);
    expectNoViolations();
  });

  test('a callback naming an unpaid, unknown or txid-less charge is ignored', async () => {
    const connection = t.connection();
    const unpaid = await adapter.createCharge(connection, chargeRequest());
    const forged = 'E12345678202611271200forged00001';
    const events = await adapter.parseWebhook(connection, callback([
      { endToEndId: forged, txid: unpaid.providerId, valor: '10.50', horario: new Date().toISOString() },
      { endToEndId: forged, txid: 'B'.repeat(35), valor: '10.50', horario: new Date().toISOString() },
      { endToEndId: forged, valor: '10.50', horario: new Date().toISOString() },
    ]));
    expect(events.map((e) => e.kind)).toEqual(['ignored', 'ignored', 'ignored']);
    expectNoViolations();
  });

  test('a body that is not the standard\'s callback: invalid_signature', async () => {
    const connection = t.connection();
    const notJson = { headers: {}, rawBody: Buffer.from('not json'), subpath: '/pix' };
    expect((await rejection(adapter.parseWebhook(connection, notJson))).code).toBe('invalid_signature');
    const wrongShape = { headers: {}, rawBody: Buffer.from(JSON.stringify({ evento: 'pago' })), subpath: '/pix' };
    expect((await rejection(adapter.parseWebhook(connection, wrongShape))).code).toBe('invalid_signature');
    expect((await rejection(adapter.parseWebhook(connection, callback([], '/other')))).code).toBe('invalid_signature');
    expectNoViolations();
  });

  test('devoluções on the Pix read back: refund events; a MED return: a dispute', async () => {
    const connection = t.connection();
    const { charge, endToEndId } = await paidCharge(connection);
    t.psp.addDevolucao(charge.providerId, { id: 'dev1', rtrId: 'D12345678202611271200abcdefghijk', valor: '2.00', natureza: 'ORIGINAL', status: 'DEVOLVIDO', horario: {} });
    t.psp.addDevolucao(charge.providerId, { id: 'dev2', rtrId: 'D12345678202611271200abcdefghijl', valor: '1.00', natureza: 'ORIGINAL', status: 'NAO_REALIZADO', horario: {} });
    t.psp.addDevolucao(charge.providerId, { id: 'med1', rtrId: 'D12345678202611271200abcdefghijm', valor: '10.50', natureza: 'MED_FRAUDE', status: 'DEVOLVIDO', horario: {} });
    const events = await adapter.parseWebhook(connection, callback([{ endToEndId, txid: charge.providerId, valor: '10.50', horario: new Date().toISOString() }], ''));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'charge.confirmed' }),
      { kind: 'refund.succeeded', eventId: `pix_api:devolucao:${endToEndId}:dev1:DEVOLVIDO`, providerId: charge.providerId, providerRefundId: 'dev1', amount: '2.00' },
      { kind: 'refund.failed', eventId: `pix_api:devolucao:${endToEndId}:dev2:NAO_REALIZADO`, providerId: charge.providerId, providerRefundId: 'dev2' },
      { kind: 'charge.disputed', eventId: `pix_api:med:${endToEndId}:med1`, providerId: charge.providerId },
    ]);
    expectNoViolations();
  });

  test('registerWebhook: PUT /webhook/{chave} with the connection\'s webhookUrl', async () => {
    const connection = t.connection();
    await adapter.registerWebhook!(connection);
    const [put] = requestsTo('PUT', '/webhook/');
    expect(put!.path).toBe(`/api/webhook/${encodeURIComponent(PIX_KEY)}`);
    expect(put!.body).toEqual({ webhookUrl: connection.webhookUrl });
    expect(t.psp.webhooks.get(PIX_KEY)).toBe(connection.webhookUrl);
    await adapter.check(connection); // now the read answers 200
    expectNoViolations();
  });
});

describe('refunds', () => {
  test('PUT /pix/{e2eid}/devolucao/{id}: the id from the refund\'s idempotency key, a retry names the same devolução', async () => {
    const connection = t.connection();
    const { charge, endToEndId } = await paidCharge(connection);
    const request = refundRequest(charge.providerId);
    const id = refundIdFor(request.idempotencyKey);
    expect(id).toMatch(/^[a-zA-Z0-9]{1,35}$/);
    expect(await adapter.refund(connection, request)).toEqual({ providerRefundId: id, status: 'pending' });
    expect(await adapter.refund(connection, request)).toEqual({ providerRefundId: id, status: 'pending' });
    const puts = requestsTo('PUT', `/pix/${endToEndId}/devolucao/`);
    expect(puts.map((r) => r.path)).toEqual([`/api/pix/${endToEndId}/devolucao/${id}`, `/api/pix/${endToEndId}/devolucao/${id}`]);
    expect(puts[0]!.body).toEqual({ valor: '4.25', descricao: 'Customer asked' });
    const pix = (t.psp.charges.get(charge.providerId)!.cob.pix as { devolucoes: unknown[] }[])[0]!;
    expect(pix.devolucoes).toHaveLength(1);
    expectNoViolations();
  });

  test('refund statuses: DEVOLVIDO succeeded, NAO_REALIZADO failed', async () => {
    const connection = t.connection();
    const { charge } = await paidCharge(connection);
    t.psp.refundStatus = 'DEVOLVIDO';
    expect((await adapter.refund(connection, refundRequest(charge.providerId))).status).toBe('succeeded');
    t.psp.refundStatus = 'NAO_REALIZADO';
    expect((await adapter.refund(connection, refundRequest(charge.providerId))).status).toBe('failed');
    expectNoViolations();
  });

  test('a charge not paid has nothing to refund: provider_rejected', async () => {
    const connection = t.connection();
    const charge = await adapter.createCharge(connection, chargeRequest());
    expect((await rejection(adapter.refund(connection, refundRequest(charge.providerId)))).code).toBe('provider_rejected');
    expectNoViolations();
  });
});

test('the adapter declares pix only, its credential fields and its secrets', () => {
  expect(adapter.name).toBe('pix_api');
  expect(adapter.supportedMethods).toEqual(['pix']);
  expect(adapter.credentialFields).toEqual(['baseUrl', 'clientId', 'clientSecret', 'certificate', 'privateKey', 'pixKey']);
  expect(adapter.secretFields).toEqual(['clientSecret', 'privateKey']);
  expectNoViolations();
});
