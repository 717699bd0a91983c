// Helpers shared by the payment tests: open invoices and charges through the API.
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import { createOneOffInvoice } from '../invoices/test-fixtures.ts';

/** A one-off invoice of 100.00 BRL (unless overridden), finalized: status open. */
export async function openInvoice(t: TestContext, key: string, customerId: string, overrides: Record<string, unknown> = {}) {
  const draft = await createOneOffInvoice(t, key, customerId, overrides);
  const res = await t.client.post(`/billing/invoices/${draft.id}/finalize`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

export async function charge(t: TestContext, key: string, invoiceId: string, body: Record<string, unknown>) {
  const res = await t.client.post(`/billing/invoices/${invoiceId}/payments`, key, body);
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

/** A confirmed payment (through the test helper) of a new open invoice. */
export async function paidPayment(t: TestContext, key: string, customerId: string, overrides: Record<string, unknown> = {}) {
  const invoice = await openInvoice(t, key, customerId, overrides);
  const payment = await charge(t, key, invoice.id, { method: 'pix' });
  const res = await t.client.post(`/test/payments/${payment.id}/confirm`, key);
  expect(res.status, res.raw).toBe(200);
  return { invoice, payment: res.body };
}

export async function eventsOf(t: TestContext, key: string, type: string) {
  const res = await t.client.get(`/account/events?type=${type}&limit=100`, key);
  expect(res.status, res.raw).toBe(200);
  return res.body.events as Array<{ type: string; data: ReturnType<typeof JSON.parse> }>;
}
