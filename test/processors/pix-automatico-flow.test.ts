// Pix Automático through pix_api end to end, with a production key: the seller connects its PSP
// with the receiving account, asks the payer for a mandate (POST /rec and POST /solicrec to the
// payer's bank), the payer approves in their bank's app (the PSP's /rec callback, read back), a
// charge_automatically subscription charges each period by PUT /cobr/{txid}, the payer's bank
// debits it (the /cobr callback, read back, confirms; the repair poller reads a missed one), a
// devolução refunds it, the payer revokes the mandate (the next period's charge fails with
// mandate_revoked, never sent, and dunning starts), the seller cancels another (PATCH /rec), and
// the ledger reconciles. The PSP is the validating mock serving the standard's official document
// over mTLS (every request checked), with a small stateful fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { chargeSavedMethod, parseSavedMethod, repairPendingCharges } from '../../src/flows/payment-confirmation/index.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';
import { startPixTestPsp, type PixTestPsp } from '../../src/modules/payments/processors/pix-api/test-harness.ts';

const clock = new ManualClock('2026-12-01T12:00:00.000Z');
const RECEIVER = { receiverAccount: '123456', receiverAccountType: 'CORRENTE', receiverBranch: '0001' };
let psp: PixTestPsp;
let t: TestContext;
let acme: SeededAccount;
let webhookPath: string;
let planId: string;
let customerId: string;

beforeAll(async () => {
  psp = await startPixTestPsp();
  t = await startTestApp({ clock, env: { SECRETS_KEY: Buffer.alloc(32, 12).toString('base64') } });
  acme = await seedAccount(t.client, 'Acme automático');
  const plan = await t.client.post('/products', acme.liveKey, { key: 'plan', name: 'Plano Pro', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '35.00' });
  await t.client.post(`/products/${plan.body.product.id}/versions/${plan.body.version.id}/publish`, acme.liveKey);
  planId = plan.body.product.id;
  customerId = (await t.client.post('/customers', acme.liveKey, { name: 'Maria Silva', email: 'maria@example.com', document: '529.982.247-25' })).body.id;
});
afterAll(async () => {
  await t.close();
  await psp.close();
});

/** The PSP calls {webhookUrl}/rec or /cobr naming what changed; the service reads each back. */
const callback = (path: '/rec' | '/cobr', body: unknown) => t.app.inject({ method: 'POST', url: `${webhookPath}${path}`, headers: { 'content-type': 'application/json' }, payload: body as Record<string, unknown> });
const get = async (path: string) => (await t.client.get(path, acme.liveKey)).body;
const invoicesOf = async (subscriptionId: string) => ((await get(`/billing/invoices?subscriptionId=${subscriptionId}&limit=100`)).invoices as any[]).reverse();
const paymentsOf = async (invoiceId: string) => ((await get(`/billing/payments?invoiceId=${invoiceId}&limit=100`)).payments as any[]).reverse();
const requestsTo = (method: string, prefix: string) => psp.mock.requests.filter((r) => r.method === method && r.path.startsWith(`/api${prefix}`));

describe('Pix Automático through pix_api, live', () => {
  it('needs the receiving account on the connection before it asks for a mandate', async () => {
    const put = await t.client.put('/account/providers/pix_api', acme.liveKey, { methods: ['pix'], credentials: psp.connection().credentials });
    expect(put.status, put.raw).toBe(200);
    expect(psp.psp.webhooks.has('webhookrec')).toBe(false);
    const refused = await t.client.post('/billing/pix-mandates', acme.liveKey, { customerId, frequency: 'monthly', amount: '35.00' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'provider_not_configured' });
    expect(refused.body.message).toContain('receiverAccount');
    expect(requestsTo('POST', '/rec')).toHaveLength(0);

    const again = await t.client.put('/account/providers/pix_api', acme.liveKey, { methods: ['pix'], credentials: { ...psp.connection().credentials, ...RECEIVER } });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.credentials).toMatchObject(RECEIVER); // not secrets: shown whole
    webhookPath = new URL(again.body.webhookUrl).pathname;
    // The receiving account opts in: the PSP's recurrence and recurring-charge callbacks come to the same URL.
    expect(psp.psp.webhooks.get('webhookrec')).toBe(again.body.webhookUrl);
    expect(psp.psp.webhooks.get('webhookcobr')).toBe(again.body.webhookUrl);
  });

  let mandate: any;
  let subscriptionId: string;

  it("asks the payer's bank (POST /rec, POST /solicrec); the payer's approval arrives by the /rec callback, read back", async () => {
    const created = await t.client.post('/billing/pix-mandates', acme.liveKey, {
      customerId,
      frequency: 'monthly',
      amount: '35.00',
      description: 'Plano Pro',
      payerAccount: { ispb: '87654321', branch: '0001', account: '987654' },
    });
    expect(created.status, created.raw).toBe(201);
    mandate = created.body;
    expect(mandate).toMatchObject({ status: 'pending', provider: 'pix_api', journey: 'request', startDate: '2026-12-01', amount: '35.00' });
    expect(mandate.providerId).toMatch(/^RR12345678\d{8}[a-zA-Z0-9]{11}$/);
    expect(mandate.authorizationRequestId).toMatch(/^SC/);
    const rec = requestsTo('POST', '/rec')[0]!.body as any;
    expect(rec).toMatchObject({
      vinculo: { devedor: { cpf: '52998224725', nome: 'Maria Silva' }, objeto: 'Plano Pro' },
      calendario: { dataInicial: '2026-12-01', periodicidade: 'MENSAL' },
      valor: { valorRec: '35.00' },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
    expect(requestsTo('POST', '/solicrec')[0]!.body).toEqual({
      idRec: mandate.providerId,
      calendario: { dataExpiracaoSolicitacao: '2026-12-08T12:00:00.000Z' },
      destinatario: { conta: '987654', ispbParticipante: '87654321', agencia: '0001', cpf: '52998224725' },
    });

    // A callback before the payer answered: the read-back says CRIADA, nothing moves.
    expect((await callback('/rec', { recs: [{ idRec: mandate.providerId }] })).statusCode).toBeLessThan(300);
    expect((await get(`/billing/pix-mandates/${mandate.id}`)).status).toBe('pending');

    psp.psp.approveRecurrence(mandate.providerId);
    const approved = await callback('/rec', { recs: [{ idRec: mandate.providerId }] });
    expect(approved.statusCode, approved.body).toBeLessThan(300);
    expect((await get(`/billing/pix-mandates/${mandate.id}`)).status).toBe('active');
  });

  it('a subscription paid by the mandate charges its period by PUT /cobr/{txid}; the /cobr callback, read back, pays the invoice', async () => {
    const sub = await t.client.post('/billing/subscriptions', acme.liveKey, { customerId, productId: planId, collectionMethod: 'charge_automatically', paymentMethod: mandate.paymentMethod });
    expect(sub.status, sub.raw).toBe(201);
    subscriptionId = sub.body.id;
    // Pending at the PSP until the payer's bank debits it: no dunning, nothing for a buyer to scan.
    expect(sub.body.status).toBe('active');
    const [first] = await invoicesOf(subscriptionId);
    expect(first.dueDate).toBe('2026-12-08T12:00:00.000Z');
    const [charge] = await paymentsOf(first.id);
    expect(charge).toMatchObject({ method: 'pix', status: 'pending', provider: 'pix_api', amount: '35.00' });
    expect(charge.pixPayload).toBeUndefined();
    const cobr = requestsTo('PUT', '/cobr/').at(-1)!;
    expect(cobr.path).toBe(`/api/cobr/${charge.providerId}`);
    // Due on the invoice's due date (a week after it is issued): inside the 2 to 10 days ahead the standard takes.
    expect(cobr.body).toMatchObject({
      idRec: mandate.providerId,
      calendario: { dataDeVencimento: first.dueDate.slice(0, 10) },
      valor: { original: '35.00' },
      recebedor: { conta: '123456', tipoConta: 'CORRENTE', agencia: '0001' },
    });

    // A retry while the recurring charge is scheduled (a dunning retry) names it again: a second
    // charge could be debited too.
    const sent = requestsTo('PUT', '/cobr/').length;
    const tenant = { accountId: acme.id, environment: 'production' as const };
    const again = await t.database.db.transaction().execute((tx) =>
      chargeSavedMethod(tx, { tenant, now: clock.now(), baseUrl: t.config.baseUrl }, first.id, parseSavedMethod(tenant, mandate.paymentMethod)),
    );
    expect(again.id).toBe(charge.id);
    expect(requestsTo('PUT', '/cobr/')).toHaveLength(sent);

    // A claim before the debit confirms nothing; after it, the read-back does.
    await callback('/cobr', { cobsr: [{ txid: charge.providerId, status: 'CONCLUIDA' }] });
    expect((await get(`/billing/payments/${charge.id}`)).status).toBe('pending');
    psp.psp.payRecurring(charge.providerId);
    const paid = await callback('/cobr', { cobsr: [{ txid: charge.providerId }] });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect((await get(`/billing/payments/${charge.id}`)).status).toBe('confirmed');
    expect((await get(`/billing/invoices/${first.id}`)).status).toBe('paid');

    // A devolução of 5.00 on the Pix the recurring charge received: a credit note.
    psp.psp.refundStatus = 'DEVOLVIDO';
    const refund = await t.client.post(`/billing/payments/${charge.id}/refunds`, acme.liveKey, { amount: '5.00' });
    expect(refund.status, refund.raw).toBe(201);
    expect(refund.body.status).toBe('succeeded');
  });

  it('a missed /cobr callback is repaired by the poller reading the recurring charge back', async () => {
    clock.set(new Date('2027-01-01T12:00:00.000Z'));
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    const [, second] = await invoicesOf(subscriptionId);
    const [charge] = await paymentsOf(second.id);
    expect(charge).toMatchObject({ status: 'pending', amount: '35.00' });
    psp.psp.payRecurring(charge.providerId);
    clock.set(new Date('2027-01-01T12:10:00.000Z'));
    await repairPendingCharges(t.database.db, clock, t.config.baseUrl);
    expect((await get(`/billing/payments/${charge.id}`)).status).toBe('confirmed');
    expect((await get(`/billing/invoices/${second.id}`)).status).toBe('paid');
  });

  it('the payer revokes the mandate: the next charge fails with mandate_revoked, never sent, and dunning starts', async () => {
    psp.psp.revokeRecurrence(mandate.providerId);
    expect((await callback('/rec', { recs: [{ idRec: mandate.providerId }] })).statusCode).toBeLessThan(300);
    expect(await get(`/billing/pix-mandates/${mandate.id}`)).toMatchObject({ status: 'revoked', failureCode: 'mandate_revoked' });
    const events = (await get('/account/events?type=pix_mandate.updated')).events as any[];
    expect(events.map((e) => e.data.status)).toEqual(['revoked', 'active']);

    const sent = requestsTo('PUT', '/cobr/').length;
    clock.set(new Date('2027-02-01T12:00:00.000Z'));
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    const [, , third] = await invoicesOf(subscriptionId);
    expect((await paymentsOf(third.id)).map((p) => [p.method, p.status, p.failureCode])).toEqual([['pix', 'failed', 'mandate_revoked']]);
    expect(requestsTo('PUT', '/cobr/')).toHaveLength(sent);
    expect((await get(`/billing/subscriptions/${subscriptionId}`)).status).toBe('past_due');
  });

  it('the seller cancels a mandate (PATCH /rec CANCELADA); journey 2 answers the QR code to scan', async () => {
    const created = await t.client.post('/billing/pix-mandates', acme.liveKey, { customerId, frequency: 'quarterly' });
    expect(created.body).toMatchObject({ status: 'pending', journey: 'qr', amount: null, authorizationRequestId: null });
    expect(created.body.qrPayload).toBe(`00020101rec${created.body.providerId}`);
    const canceled = await t.client.post(`/billing/pix-mandates/${created.body.id}/cancel`, acme.liveKey);
    expect(canceled.body).toMatchObject({ status: 'canceled', failureCode: 'mandate_revoked', qrPayload: null });
    expect(requestsTo('PATCH', `/rec/${created.body.providerId}`)[0]!.body).toEqual({ status: 'CANCELADA' });
  });

  it('every request matched the standard’s document, and the ledger reconciles', async () => {
    expect(psp.mock.violations).toEqual([]);
    const reconciliation = await get('/billing/reconciliation');
    expect(reconciliation.mismatches, JSON.stringify(reconciliation)).toEqual([]);
  });
});
