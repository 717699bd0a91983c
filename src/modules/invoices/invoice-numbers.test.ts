// Invoice numbers are sequential and gap-free per account and environment, also when many
// finalizations race, within one app and across two apps (processes) sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice } from './test-fixtures.ts';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function drafts(account: SeededAccount, count: number): Promise<string[]> {
  const customerId = await createCustomer(t, account.key);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createOneOffInvoice(t, account.key, customerId)).id);
  return ids;
}

function sequenceOf(invoiceNumber: string): number {
  expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
  return Number(invoiceNumber.slice(4));
}

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

describe('invoice numbers under concurrent finalization', () => {
  it('100 concurrent finalizations of 100 invoices get 1..100, no gap, no duplicate', async () => {
    const account = await seedAccount(t.client, 'Concurrent');
    const ids = await drafts(account, 100);
    const results = await Promise.all(ids.map((id) => t.client.post(`/billing/invoices/${id}/finalize`, account.key)));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(results.map((r) => sequenceOf(r.body.invoiceNumber)).sort((a, b) => a - b)).toEqual(oneToHundred);
  });

  it('the same across two app instances sharing one database', async () => {
    const second = await startTestApp({ database: t.database });
    try {
      const account = await seedAccount(t.client, 'Two apps');
      const ids = await drafts(account, 100);
      const results = await Promise.all(ids.map((id, i) => (i % 2 === 0 ? t.client : second.client).post(`/billing/invoices/${id}/finalize`, account.key)));
      expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
      expect(results.map((r) => sequenceOf(r.body.invoiceNumber)).sort((a, b) => a - b)).toEqual(oneToHundred);
    } finally {
      await second.app.close();
    }
  });

  it('a finalization that fails gives its number back', async () => {
    const account = await seedAccount(t.client, 'No gaps');
    const [first, second] = await drafts(account, 2);
    expect((await t.client.post(`/billing/invoices/${first}/finalize`, account.key)).body.invoiceNumber).toBe('INV-000001');
    // Racing the same invoice: one wins, the other answers 409 without consuming a number.
    const race = await Promise.all([1, 2, 3].map(() => t.client.post(`/billing/invoices/${second}/finalize`, account.key)));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(race.find((r) => r.status === 200)!.body.invoiceNumber).toBe('INV-000002');
    const [third] = await drafts(account, 1);
    expect((await t.client.post(`/billing/invoices/${third}/finalize`, account.key)).body.invoiceNumber).toBe('INV-000003');
  });
});
