// Payments for tests that need one in any environment. Sandbox charges go through the API; a live
// key cannot charge until a provider is connected (409 provider_not_configured), so a production
// payment row is written directly, shaped as the sandbox processor would make it.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database.ts';
import type { ApiClient } from '../harness.ts';

/** A pending payment of an open invoice made for it; returns the payment id. */
export async function createPendingPayment(client: ApiClient, db: Db, key: string, customerId: string): Promise<string> {
  const invoice = await client.post('/billing/invoices', key, { customerId, currency: 'BRL', lineItems: [{ description: 'Order', quantity: '1', unitPrice: '25.00' }] });
  if (invoice.status !== 201) throw new Error(`invoice answered ${invoice.status}: ${invoice.raw}`);
  const open = await client.post(`/billing/invoices/${invoice.body.id}/finalize`, key);
  if (open.status !== 200) throw new Error(`finalize answered ${open.status}: ${open.raw}`);
  const charge = await client.post(`/billing/invoices/${invoice.body.id}/payments`, key, { method: 'card' });
  if (charge.status === 201) return charge.body.id;
  if (charge.body?.error_code !== 'provider_not_configured') throw new Error(`charge answered ${charge.status}: ${charge.raw}`);
  const row = await db.selectFrom('invoices').select(['account_id', 'environment']).where('id', '=', invoice.body.id).executeTakeFirstOrThrow();
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('payments')
    .values({
      id,
      account_id: row.account_id,
      environment: row.environment,
      invoice_id: invoice.body.id,
      provider: 'test',
      provider_id: `test_${id}`,
      method: 'card',
      amount: '25.00',
      currency: 'BRL',
      status: 'pending',
      refunded_amount: '0',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  return id;
}

/**
 * A Pix Automático mandate of the key's tenant: through the API where the tenant can make one (a
 * sandbox key without a Pix connection gets a simulated one), else written directly as one made
 * at a PSP would be (a production key without a pix_api connection cannot make one).
 */
export async function createPixMandate(client: ApiClient, db: Db, key: string): Promise<string> {
  const customer = await client.post('/customers', key, { name: 'Ana Mandato', document: '529.982.247-25' });
  if (customer.status !== 201) throw new Error(`customer answered ${customer.status}: ${customer.raw}`);
  const mandate = await client.post('/billing/pix-mandates', key, { customerId: customer.body.id, frequency: 'monthly', amount: '19.90' });
  if (mandate.status === 201) return mandate.body.id;
  if (mandate.body?.error_code !== 'provider_not_configured') throw new Error(`mandate answered ${mandate.status}: ${mandate.raw}`);
  const row = await db.selectFrom('customers').select(['account_id', 'environment']).where('id', '=', customer.body.id).executeTakeFirstOrThrow();
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('pix_mandates')
    .values({
      id,
      account_id: row.account_id,
      environment: row.environment,
      customer_id: customer.body.id,
      status: 'pending',
      failure_code: null,
      provider: 'pix_api',
      connection_id: null,
      provider_id: `RN12345678${now.toISOString().slice(0, 10).replace(/-/g, '')}${id.replace(/-/g, '').slice(0, 11)}`,
      authorization_request_id: null,
      qr_payload: null,
      frequency: 'monthly',
      amount: '19.90',
      currency: 'BRL',
      start_date: now.toISOString().slice(0, 10),
      end_date: null,
      description: null,
      retries: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
