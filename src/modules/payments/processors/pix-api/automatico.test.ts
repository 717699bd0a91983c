// Pix Automático (/rec, /solicrec, /cobr) against the standard's document over mTLS.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProcessorError } from '../types.ts';
import {
  authorizationStatusOf,
  createPixApiAdapter,
  parseRecurrenceCallback,
  cancelRecurrence,
  createRecurrence,
  createRecurringCharge,
  findRecurrenceByContract,
  recurrenceStatusOf,
  recurringChargeEventOf,
  recurringDueDate,
  registerRecurrenceWebhooks,
  requestAuthorization,
  resetPixClients,
  retrieveAuthorization,
  retrieveRecurrence,
  retrieveRecurringCharge,
  txidFor,
  type RecurrenceRequest,
  type RecurringChargeRequest,
} from './index.ts';
import { startPixTestPsp, type PixTestPsp } from './test-harness.ts';

let t: PixTestPsp;
const TIMEOUT = 5_000;

beforeAll(async () => {
  t = await startPixTestPsp();
});
afterAll(async () => {
  await resetPixClients();
  await t.close();
});

function expectNoViolations(): void {
  expect(t.mock.violations).toEqual([]);
}

function recurrenceRequest(overrides: Partial<RecurrenceRequest> = {}): RecurrenceRequest {
  return {
    idempotencyKey: `sub-${Math.random()}`,
    payer: { name: 'Fulano de Tal', document: '123.456.789-09' },
    description: 'Plano Pro mensal',
    startDate: '2026-12-01',
    endDate: null,
    periodicity: 'MENSAL',
    amount: '35',
    currency: 'BRL',
    allowRetries: true,
    activationTxid: null,
    ...overrides,
  };
}

function recurringChargeRequest(recurrenceId: string, overrides: Partial<RecurringChargeRequest> = {}): RecurringChargeRequest {
  return {
    idempotencyKey: `cycle-${Math.random()}`,
    recurrenceId,
    amount: '35.00',
    currency: 'BRL',
    dueDate: '2026-12-05',
    receiver: { account: '123456', accountType: 'CORRENTE', branch: '0001' },
    description: 'Plano Pro, dezembro',
    ...overrides,
  };
}

function lastRequest(method: string, path: string) {
  return t.mock.requests.filter((r) => r.method === method && r.path === `/api${path}`).at(-1);
}

describe('recurrences and their authorization', () => {
  test('createRecurrence: POST /rec with the payer, the calendar, the amount and the retry policy', async () => {
    const connection = t.connection();
    const request = recurrenceRequest();
    const status = await createRecurrence(connection, request, TIMEOUT);
    expect(status).toMatchObject({ state: 'pending', failureCode: null, status: 'CRIADA' });
    expect(status.recurrenceId).toMatch(/^RR[0-9A-Z]{8}\d{8}[a-zA-Z0-9]{11}$/);
    expect(status.qrPayload).toBeTruthy();
    const body = lastRequest('POST', '/rec')!.body as Record<string, unknown>;
    expect(body).toEqual({
      vinculo: { contrato: expect.stringMatching(/^[a-zA-Z0-9]{35}$/), devedor: { cpf: '12345678909', nome: 'Fulano de Tal' }, objeto: 'Plano Pro mensal' },
      calendario: { dataInicial: '2026-12-01', periodicidade: 'MENSAL' },
      valor: { valorRec: '35.00' },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
    expectNoViolations();
  });

  test('findRecurrenceByContract: a POST /rec whose answer was lost is found by its contract id among the payer\'s (GET /rec), read whole; none before it is made', async () => {
    const connection = t.connection();
    const request = recurrenceRequest({ payer: { name: 'Beltrano', document: '529.982.247-25' } });
    const since = new Date();
    expect(await findRecurrenceByContract(connection, request, since, new Date(), TIMEOUT)).toBeNull();
    await createRecurrence(connection, recurrenceRequest({ payer: request.payer }), TIMEOUT); // another of the payer's
    const made = await createRecurrence(connection, request, TIMEOUT);
    const found = await findRecurrenceByContract(connection, request, since, new Date(), TIMEOUT);
    expect(found).toMatchObject({ recurrenceId: made.recurrenceId, state: 'pending', qrPayload: made.qrPayload });
    const list = t.mock.requests.filter((r) => r.method === 'GET' && r.path === '/api/rec').at(-1)!;
    expect(list.query).toMatchObject({ cpf: '52998224725', 'paginacao.paginaAtual': '0' });
    expect(lastRequest('GET', `/rec/${made.recurrenceId}`)).toBeDefined();
    expectNoViolations();
  });

  test('journey 3 (a first payment that also authorizes), variable amount, an end date', async () => {
    const connection = t.connection();
    const activationTxid = txidFor('first-payment');
    await createRecurrence(connection, recurrenceRequest({ amount: null, endDate: '2027-12-01', activationTxid, allowRetries: false }), TIMEOUT);
    const body = lastRequest('POST', '/rec')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('valor');
    expect(body).toMatchObject({ calendario: { dataFinal: '2027-12-01' }, politicaRetentativa: 'NAO_PERMITE', ativacao: { dadosJornada: { txid: activationTxid } } });
    expectNoViolations();
  });

  test('a payer without a CPF/CNPJ cannot be asked for a mandate', async () => {
    const error = await createRecurrence(t.connection(), recurrenceRequest({ payer: { name: 'Fulano', document: null } }), TIMEOUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessorError);
    expect((error as ProcessorError).code).toBe('provider_rejected');
    expectNoViolations();
  });

  test('requestAuthorization: POST /solicrec to the payer\'s bank; the request\'s states', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const expiresAt = new Date('2026-11-30T12:00:00Z');
    const requested = await requestAuthorization(connection, { recurrenceId, destination: { ispb: '12345678', branch: '0001', account: '987654', document: '12345678909' }, expiresAt }, TIMEOUT);
    expect(requested).toMatchObject({ recurrenceId, state: 'pending', failureCode: null });
    expect(lastRequest('POST', '/solicrec')!.body).toEqual({
      idRec: recurrenceId,
      calendario: { dataExpiracaoSolicitacao: '2026-11-30T12:00:00.000Z' },
      destinatario: { conta: '987654', ispbParticipante: '12345678', agencia: '0001', cpf: '12345678909' },
    });
    t.psp.solicitations.get(requested.requestId)!.status = 'REJEITADA';
    expect(await retrieveAuthorization(connection, requested.requestId, TIMEOUT)).toMatchObject({ state: 'refused', failureCode: 'mandate_refused' });
    expectNoViolations();
  });

  test('recurrence states: APROVADA active, REJEITADA refused, CANCELADA after approval revoked', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const rec = t.psp.recurrences.get(recurrenceId)!;
    rec.status = 'APROVADA';
    (rec.atualizacao as unknown[]).push({ status: 'APROVADA', data: new Date().toISOString() });
    expect(await retrieveRecurrence(connection, recurrenceId, TIMEOUT)).toMatchObject({ state: 'active', failureCode: null });
    rec.status = 'CANCELADA';
    rec.encerramento = { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'SLDB', descricao: 'Cancelada pelo pagador' } };
    expect(await retrieveRecurrence(connection, recurrenceId, TIMEOUT)).toMatchObject({ state: 'revoked', failureCode: 'mandate_revoked' });

    const refused = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    t.psp.recurrences.get(refused.recurrenceId)!.status = 'REJEITADA';
    expect(await retrieveRecurrence(connection, refused.recurrenceId, TIMEOUT)).toMatchObject({ state: 'refused', failureCode: 'mandate_refused' });
    expectNoViolations();
  });

  test('cancelRecurrence: PATCH /rec/{idRec} status CANCELADA', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const cancelled = await cancelRecurrence(connection, recurrenceId, TIMEOUT);
    expect(lastRequest('PATCH', `/rec/${recurrenceId}`)!.body).toEqual({ status: 'CANCELADA' });
    // Never approved: the mandate was refused rather than revoked.
    expect(cancelled).toMatchObject({ status: 'CANCELADA', state: 'refused', failureCode: 'mandate_refused' });
    expectNoViolations();
  });

  test('registerRecurrenceWebhooks: PUT /webhookrec and /webhookcobr', async () => {
    const connection = t.connection();
    await registerRecurrenceWebhooks(connection, TIMEOUT);
    expect(lastRequest('PUT', '/webhookrec')!.body).toEqual({ webhookUrl: connection.webhookUrl });
    expect(lastRequest('PUT', '/webhookcobr')!.body).toEqual({ webhookUrl: connection.webhookUrl });
    expectNoViolations();
  });
});

describe('recurring charges', () => {
  test('createRecurringCharge: PUT /cobr/{txid} from the idempotency key; a retry names the same charge', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const request = recurringChargeRequest(recurrenceId);
    const created = await createRecurringCharge(connection, request, TIMEOUT);
    expect(created.providerId).toBe(txidFor(request.idempotencyKey));
    expect(created.event).toMatchObject({ kind: 'ignored' });
    expect(lastRequest('PUT', `/cobr/${created.providerId}`)!.body).toEqual({
      idRec: recurrenceId,
      infoAdicional: 'Plano Pro, dezembro',
      calendario: { dataDeVencimento: '2026-12-05' },
      valor: { original: '35.00' },
      ajusteDiaUtil: true,
      recebedor: { conta: '123456', tipoConta: 'CORRENTE', agencia: '0001' },
    });
    const count = t.psp.recurringCharges.size;
    expect((await createRecurringCharge(connection, request, TIMEOUT)).providerId).toBe(created.providerId);
    expect(t.psp.recurringCharges.size).toBe(count);
    expectNoViolations();
  });

  test('retrieveRecurringCharge: CONCLUIDA confirmed; CANCELADA by the payer mandate_revoked; REJEITADA mapped', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const paid = await createRecurringCharge(connection, recurringChargeRequest(recurrenceId), TIMEOUT);
    const cobr = t.psp.recurringCharges.get(paid.providerId)!;
    cobr.status = 'CONCLUIDA';
    cobr.pix = [{ endToEndId: 'E12345678202612051200abcdefghijk', txid: paid.providerId, valor: '35.00', horario: '2026-12-05T12:00:00Z' }];
    expect(await retrieveRecurringCharge(connection, paid.providerId, TIMEOUT)).toEqual({
      kind: 'charge.confirmed',
      eventId: 'pix_api:pix:E12345678202612051200abcdefghijk',
      providerId: paid.providerId,
      paymentId: null,
      amount: '35.00',
    });

    const revoked = await createRecurringCharge(connection, recurringChargeRequest(recurrenceId), TIMEOUT);
    Object.assign(t.psp.recurringCharges.get(revoked.providerId)!, { status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'ACCT', descricao: 'x' } } });
    expect(await retrieveRecurringCharge(connection, revoked.providerId, TIMEOUT)).toMatchObject({ kind: 'charge.failed', failureCode: 'mandate_revoked' });

    const rejected = await createRecurringCharge(connection, recurringChargeRequest(recurrenceId), TIMEOUT);
    Object.assign(t.psp.recurringCharges.get(rejected.providerId)!, { status: 'REJEITADA', encerramento: { rejeicao: { codigo: 'AC06', descricao: 'Conta bloqueada' } } });
    expect(await retrieveRecurringCharge(connection, rejected.providerId, TIMEOUT)).toMatchObject({ kind: 'charge.failed', failureCode: 'do_not_honor' });

    expect(await retrieveRecurringCharge(connection, 'C'.repeat(35), TIMEOUT)).toMatchObject({ kind: 'ignored' });
    expectNoViolations();
  });
});

describe('Pix Automático callbacks, read back', () => {
  const adapter = createPixApiAdapter({ timeoutMs: TIMEOUT });
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  test('{webhookUrl}/cobr: each txid read back, events from the read, whatever the callback claims', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    const created = await createRecurringCharge(connection, recurringChargeRequest(recurrenceId), TIMEOUT);
    const claim = { cobsr: [{ idRec: recurrenceId, txid: created.providerId, status: 'CONCLUIDA', atualizacao: [] }, { txid: 'D'.repeat(35), status: 'CONCLUIDA', atualizacao: [] }] };
    const events = await adapter.parseWebhook(connection, { headers: {}, rawBody: body(claim), subpath: '/cobr' });
    // The PSP says CRIADA (not paid) and knows no second charge: nothing is confirmed.
    expect(events.map((e) => e.kind)).toEqual(['ignored', 'ignored']);
    expect(t.mock.requests.some((r) => r.method === 'GET' && r.path === `/api/cobr/${created.providerId}`)).toBe(true);
    const bad = await adapter.parseWebhook(connection, { headers: {}, rawBody: body({ pix: [] }), subpath: '/cobr' }).catch((e: unknown) => e);
    expect((bad as ProcessorError).code).toBe('invalid_signature');
    expectNoViolations();
  });

  test('{webhookUrl}/rec: the recurrence read back (refused, revoked), a mandate.changed event per recurrence the PSP knows', async () => {
    const connection = t.connection();
    const { recurrenceId } = await createRecurrence(connection, recurrenceRequest(), TIMEOUT);
    t.psp.recurrences.get(recurrenceId)!.status = 'REJEITADA';
    const claim = body({ recs: [{ idRec: recurrenceId, status: 'APROVADA', atualizacao: [] }, { idRec: 'RN1234567820261127zzzzzzzzzzz', status: 'APROVADA', atualizacao: [] }] });
    expect(await parseRecurrenceCallback(connection, claim, TIMEOUT)).toEqual([expect.objectContaining({ recurrenceId, state: 'refused', failureCode: 'mandate_refused' })]);
    expect(await adapter.parseWebhook(connection, { headers: {}, rawBody: claim, subpath: '/rec' })).toEqual([
      { kind: 'mandate.changed', eventId: `pix_api:rec:${recurrenceId}:REJEITADA`, recurrenceId, state: 'refused', failureCode: 'mandate_refused' },
    ]);
    expectNoViolations();
  });
});

describe('state mappings (every state of the document\'s enums)', () => {
  test('recurrences', () => {
    const of = (status: string, approved = false) =>
      recurrenceStatusOf({ idRec: 'RN1234567820261127AAAAAAAAAAA', status: status as never, atualizacao: approved ? [{ status: 'APROVADA', data: '' }] : [] });
    expect(of('CRIADA')).toMatchObject({ state: 'pending', failureCode: null });
    expect(of('APROVADA')).toMatchObject({ state: 'active', failureCode: null });
    expect(of('REJEITADA')).toMatchObject({ state: 'refused', failureCode: 'mandate_refused' });
    expect(of('EXPIRADA')).toMatchObject({ state: 'refused', failureCode: 'mandate_refused' });
    expect(of('CANCELADA')).toMatchObject({ state: 'refused', failureCode: 'mandate_refused' });
    expect(of('CANCELADA', true)).toMatchObject({ state: 'revoked', failureCode: 'mandate_revoked' });
    expectNoViolations();
  });

  test('authorization requests', () => {
    const of = (status: string) => authorizationStatusOf({ idSolicRec: 'SC', idRec: 'RN', status: status as never }).failureCode ?? authorizationStatusOf({ idSolicRec: 'SC', idRec: 'RN', status: status as never }).state;
    expect(['CRIADA', 'ENVIADA', 'RECEBIDA'].map(of)).toEqual(['pending', 'pending', 'pending']);
    expect(of('ACEITA')).toBe('accepted');
    expect(['REJEITADA', 'EXPIRADA', 'CANCELADA'].map(of)).toEqual(['mandate_refused', 'mandate_refused', 'mandate_refused']);
    expectNoViolations();
  });

  test('recurring charges: rejections and cancellations', () => {
    const of = (fields: Record<string, unknown>) => recurringChargeEventOf({ idRec: 'RN', txid: 'T'.repeat(35), status: 'REJEITADA', ...fields } as never);
    expect(of({ encerramento: { rejeicao: { codigo: 'AC05' } } })).toMatchObject({ failureCode: 'do_not_honor' });
    expect(of({ encerramento: { rejeicao: { codigo: 'AM02' } } })).toMatchObject({ failureCode: 'do_not_honor' });
    expect(of({ encerramento: { rejeicao: { codigo: 'NITX' } } })).toMatchObject({ failureCode: 'card_declined' });
    expect(of({ status: 'EXPIRADA', tentativas: [{ status: 'REJEITADA', rejeicao: { codigo: 'AC06' } }] })).toMatchObject({ failureCode: 'do_not_honor' });
    expect(of({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'PSP_PAGADOR', codigo: 'FAIL' } } })).toMatchObject({ failureCode: 'mandate_revoked' });
    expect(of({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR' } } })).toMatchObject({ failureCode: 'provider_error' });
    expect(of({ status: 'ATIVA' })).toMatchObject({ kind: 'ignored' });
    expect(of({ status: 'CRIADA' })).toMatchObject({ kind: 'ignored' });
    expectNoViolations();
  });
});

describe('a recurring charge\'s due date', () => {
  // Now is 2026-12-01 12:00 UTC, 09:00 in São Paulo: today there is 2026-12-01, so the standard
  // takes due dates from 2026-12-03 (today + 2) to 2026-12-11 (today + 10).
  const now = new Date('2026-12-01T12:00:00Z');
  test('the invoice\'s due date inside the window; its nearest end outside it; today + 2 without one', () => {
    expect(recurringDueDate(new Date('2026-12-08T12:00:00Z'), now)).toBe('2026-12-08');
    expect(recurringDueDate(new Date('2026-12-01T12:00:00Z'), now)).toBe('2026-12-03'); // due now: the earliest the PSP takes
    expect(recurringDueDate(new Date('2027-01-31T12:00:00Z'), now)).toBe('2026-12-11');
    expect(recurringDueDate(null, now)).toBe('2026-12-03');
  });
  test('days are São Paulo\'s: 01:00 UTC is still the day before there', () => {
    // 2026-12-02 01:00 UTC is 2026-12-01 22:00 in São Paulo: today + 2 is 2026-12-03, not the 4th.
    expect(recurringDueDate(null, new Date('2026-12-02T01:00:00Z'))).toBe('2026-12-03');
    // An invoice due 2026-12-09 02:00 UTC falls on 2026-12-08 in São Paulo.
    expect(recurringDueDate(new Date('2026-12-09T02:00:00Z'), now)).toBe('2026-12-08');
  });
});
