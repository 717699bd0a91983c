// Reference (5): Pix charge creation written the obvious way. Bare Fastify + pg; per request, in
// one transaction: lock the invoice, refuse it unless open, fail its pending charge, build the
// BR Code (the project's pure builder, the same fields) and its QR PNG with the qrcode library's
// own PNG writer, and insert the payment into a table shaped like payments. No idempotency
// record, no event, no tenancy lookups.
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import QRCode from 'qrcode';
import { buildDynamicPixCode } from '../../src/modules/payments/codes/pix-br-code.ts';
import { pixTxid } from '../../src/modules/payments/sandbox-provider.ts';
import { env, openPool } from './common.ts';

const pool = openPool();
const accountId = env('ACCOUNT_ID');
const host = env('PUBLIC_HOST');
const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.post<{ Params: { invoiceID: string } }>('/billing/invoices/:invoiceID/payments', async (request, reply) => {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const invoice = await client.query<{ amount_due: string; currency: string; status: string }>(
      'select round(amount_due, 2)::text as amount_due, currency, status from ref_invoices where id = $1 for update',
      [request.params.invoiceID],
    );
    const row = invoice.rows[0];
    if (!row || row.status !== 'open') {
      await client.query('rollback');
      return reply.code(row ? 409 : 404).send({ message: 'not payable' });
    }
    await client.query(`update ref_payments set status = 'failed', failure_code = 'superseded', failed_at = now(), updated_at = now() where invoice_id = $1 and status = 'pending'`, [
      request.params.invoiceID,
    ]);
    const id = randomUUID();
    const token = randomBytes(18).toString('base64url');
    const amount = row.amount_due;
    const pixPayload = buildDynamicPixCode({ location: `${host}/pay/sandbox/pix/${token}`, amount, txid: pixTxid(id), merchantName: 'Benchmark', merchantCity: 'SAO PAULO' });
    const pixQrImage = (await QRCode.toBuffer(pixPayload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 5 })).toString('base64');
    await client.query(
      `insert into ref_payments (id, account_id, environment, invoice_id, provider, provider_id, method, amount, currency, status, pix_payload, pix_qr_image, expires_at, confirm_token, created_at, updated_at)
       values ($1, $2, 'sandbox', $3, 'sandbox', $4, 'pix', $5, $6, 'pending', $7, $8, now() + interval '1 hour', $9, now(), now())`,
      [id, accountId, request.params.invoiceID, `ref_${id}`, amount, row.currency, pixPayload, pixQrImage, token],
    );
    await client.query('commit');
    reply.code(201);
    return { id, invoiceId: request.params.invoiceID, method: 'pix', amount, currency: row.currency, status: 'pending', pixPayload, pixQrImage };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(env('PORT')), host: env('HOST') });
