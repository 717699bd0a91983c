// Going live with pix_api (the Banco Central's Pix API standard) end to end, through the service's
// API with a production key: connect (the PSP's base URL, OAuth client, client certificate over
// mTLS; the webhook registered at the PSP), an immediate charge (PUT /cob/{txid}, pixCopiaECola as
// the payload), the PSP's callback confirms only after the charge is read back, a forged callback
// confirms nothing, a refund (devolução) becomes a credit note, and the ledger reconciles. The PSP
// is the validating mock serving the official document over https with mutual TLS, certificates
// made at test time, and a small stateful fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { PIX_KEY, startPixTestPsp, type PixTestPsp } from '../../src/modules/payments/processors/pix-api/test-harness.ts';

let psp: PixTestPsp;
let t: TestContext;
let acme: SeededAccount;
let customerId: string;
let webhookUrl: string;

beforeAll(async () => {
  psp = await startPixTestPsp();
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') } });
  acme = await seedAccount(t.client, 'Acme live');
  customerId = await createCustomer(t, acme.liveKey);
});
afterAll(async () => {
  await t.close();
  await psp.close();
});

/** The PSP calls {webhookUrl}/pix with the Pix it received. */
async function callback(pix: Array<Record<string, unknown>>) {
  return t.app.inject({ method: 'POST', url: `${new URL(webhookUrl).pathname}/pix`, headers: { 'content-type': 'application/json' }, payload: { pix } });
}

const payment = async (id: string) => (await t.client.get(`/billing/payments/${id}`, acme.liveKey)).body;
const invoiceStatus = async (id: string) => (await t.client.get(`/billing/invoices/${id}`, acme.liveKey)).body.status;

describe('pix_api, live', () => {
  it('connects over mTLS, registers its webhook URL at the PSP, and the check passes', async () => {
    const credentials = psp.connection().credentials;
    const put = await t.client.put('/account/providers/pix_api', acme.liveKey, { methods: ['pix'], credentials });
    expect(put.status, put.raw).toBe(200);
    webhookUrl = put.body.webhookUrl;
    // The private key and client secret are never answered.
    expect(put.raw).not.toContain(credentials.privateKey!.slice(40, 80));
    expect(put.raw).not.toContain(credentials.clientSecret);
    expect(psp.psp.webhooks.get(PIX_KEY)).toBe(webhookUrl);
    const check = await t.client.post('/account/providers/pix_api/check', acme.liveKey);
    expect(check.body.status, check.raw).toBe('active');
  });

  it("charges by PUT /cob/{txid}: the PSP's pixCopiaECola is the pixPayload; the callback confirms after the read-back; the invoice is paid", async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix', payer: { name: 'Maria Silva', document: '529.982.247-25' } });
    expect(created.status, created.raw).toBe(201);
    const txid = created.body.providerId;
    const cob = psp.psp.charges.get(txid)!.cob as { valor: { original: string }; pixCopiaECola: string; chave: string };
    expect(cob.valor.original).toBe(invoice.amountDue);
    expect(cob.chave).toBe(PIX_KEY);
    expect(created.body.pixPayload).toBe(cob.pixCopiaECola);
    expect(created.body.pixQrImage).toMatch(/^iVBORw0KGgo/);

    // A callback before the payer paid: the read-back says ATIVA, nothing is confirmed.
    const early = await callback([{ endToEndId: 'E00000000202611270000early000001', txid, valor: invoice.amountDue, horario: new Date().toISOString() }]);
    expect(early.statusCode, early.body).toBeLessThan(300);
    expect((await payment(created.body.id)).status).toBe('pending');

    const endToEndId = psp.psp.pay(txid);
    const res = await callback([{ endToEndId, txid, valor: invoice.amountDue, horario: new Date().toISOString() }]);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await payment(created.body.id)).status).toBe('confirmed');
    expect(await invoiceStatus(invoice.id)).toBe('paid');

    // A devolução of 5.00: PUT /pix/{e2eid}/devolucao/{id}, settled (DEVOLVIDO), a credit note.
    psp.psp.refundStatus = 'DEVOLVIDO';
    const refund = await t.client.post(`/billing/payments/${created.body.id}/refunds`, acme.liveKey, { amount: '5.00' });
    expect(refund.status, refund.raw).toBe(201);
    expect(refund.body.status).toBe('succeeded');
    expect(psp.mock.requests.some((r) => r.method === 'PUT' && r.path.startsWith(`/api/pix/${endToEndId}/devolucao/`))).toBe(true);
    expect((await payment(created.body.id)).refundedAmount).toBe('5.00');
    const notes = await t.client.get(`/billing/invoices/${invoice.id}/credit-notes`, acme.liveKey);
    expect(notes.body.creditNotes.map((n: { amount: string }) => n.amount)).toEqual(['5.00']);
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body.mismatches).toEqual([]);
  });

  it('a forged callback naming an unpaid charge confirms nothing (the PSP is asked, not believed)', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix' });
    const forged = await callback([{ endToEndId: 'E00000000202611270000forged00001', txid: created.body.providerId, valor: invoice.amountDue, horario: new Date().toISOString() }]);
    expect(forged.statusCode).toBeLessThan(500);
    expect((await payment(created.body.id)).status).toBe('pending');
    expect(await invoiceStatus(invoice.id)).toBe('open');
  });

  it('every request the service sent the PSP matched the standard’s document', () => {
    expect(psp.mock.requests.length).toBeGreaterThan(4);
    expect(psp.mock.violations).toEqual([]);
  });
});
