// SIGKILL in the middle of money moving: a cycle close billing many subscriptions, and a storm of
// partial refunds raced over several payments. After each restart the work finishes (the clock's
// advance again, every refund retried with its own Idempotency-Key) and the ledger's invariants
// hold: every subscription billed once per period, no payment refunded past its amount, and
// GET /billing/reconciliation answers reconciled. PostgreSQL (a scratch database) or, without
// DATABASE_URL, the embedded database in a DATA_DIR (killed with it, recovered from its WAL).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money, sumAmounts } from '../../src/core/money.ts';
import { ADMIN_TOKEN, usingPostgres } from '../harness.ts';
import { api, createScratchDatabase, freePortPair, queryRow, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

const SUBSCRIPTIONS = 40;
const PAYMENTS = 12;
/** Refunds of 7.00 asked per payment of 100.00: 20 x 7.00 = 140.00, so 14 fit and 6 are refused. */
const REFUNDS_PER_PAYMENT = 20;

describe('SIGKILL while money moves', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kill-money-'));
  let database: { url: string; drop(): Promise<void> } | null = null;
  let service: ServiceProcess;
  let key: string;

  beforeAll(async () => {
    if (usingPostgres) database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_kill_money');
    const env: Record<string, string> = database ? { DATABASE_URL: database.url, REDIS_URL: '' } : { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    service = new ServiceProcess((await freePortPair())[0], { ...env, RATE_LIMIT_SANDBOX_PER_SECOND: '100000' });
    await service.start();
    const created = await fetch(`${service.url}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash test' }),
    }).then((r) => r.json());
    key = created.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await service?.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request that must succeed (the service is up). */
  async function call(method: string, path: string, body?: unknown) {
    const res = await api(service.url, method, path, key, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  }

  /** Cycle invoices (periods from Feb 2027) in the PostgreSQL database. */
  async function cycleInvoicesInDatabase(): Promise<number> {
    return (await queryRow<{ n: number }>(database!.url, "select count(*)::int as n from invoices where period_start >= '2027-02-01'")).n;
  }

  async function expectReconciled(): Promise<void> {
    const answer = await call('GET', '/billing/reconciliation');
    expect(answer.mismatches).toEqual([]);
    expect(answer.reconciled).toBe(true);
  }

  it('a cycle close killed half way bills every subscription once per period after the restart', async () => {
    await call('POST', '/test/clock/advance', { to: '2027-01-01T00:00:00.000Z' });
    const product = await call('POST', '/products', { key: 'monthly', name: 'Monthly', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '49.90' });
    await call('POST', `/products/${product.product.id}/versions/${product.version.id}/publish`);
    const subscriptions: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const customer = await call('POST', '/customers', { name: `Customer ${i}`, email: `c${i}@example.com` });
      subscriptions.push((await call('POST', '/billing/subscriptions', { customerId: customer.id, productId: product.product.id })).id);
    }
    const to = '2028-01-01T00:00:00.000Z';
    // Advance mode: Jan 1 2027 was billed at creation; the advance bills each month from Feb 1 2027 to
    // Jan 1 2028: 12 periods x 40 subscriptions = 480 invoices. Killed as soon as the first of them
    // has committed on PostgreSQL (a fixed delay could outlast the whole close on a quiet machine),
    // one second in on the embedded database (whose folder only the service may open; it bills far
    // slower than 480 a second).
    const advancing = api(service.url, 'POST', '/test/clock/advance', key, { to }).catch(() => null);
    if (database) {
      for (let waited = 0; (await cycleInvoicesInDatabase()) === 0 && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    } else {
      await new Promise((r) => setTimeout(r, 1_000));
    }
    await service.kill('SIGKILL');
    expect(await advancing).toBeNull(); // the connection died with the service: no answer, the close was under way
    // On PostgreSQL, read behind the API while the service is down: the close had not finished. (The
    // embedded database's folder is opened by the service alone: PGlite has no guard against two openers.)
    if (database) expect(await cycleInvoicesInDatabase()).toBeLessThan(SUBSCRIPTIONS * 12);
    await service.start();
    await call('POST', '/test/clock/advance', { to });

    const months = Array.from({ length: 13 }, (_, m) => new Date(Date.UTC(2027, m, 1)).toISOString().slice(0, 10));
    for (const id of subscriptions) {
      const invoices = (await call('GET', `/billing/invoices?subscriptionId=${id}&limit=100`)).invoices as Array<{ periodStart: string; total: string }>;
      // 13 periods, each once: no period lost to the kill, none billed twice.
      expect(invoices.map((i) => i.periodStart.slice(0, 10)).sort()).toEqual(months);
      expect(invoices.every((i) => i.total === '49.90')).toBe(true);
    }
    if (database) {
      expect(await cycleInvoicesInDatabase()).toBe(SUBSCRIPTIONS * 12);
      // The batches the kill rolled back gave their numbers back: 1..n, none twice, no gap.
      const numbers = await queryRow<{ n: number; unique_numbers: number; last: string }>(
        database.url,
        "select count(*)::int as n, count(distinct invoice_number)::int as unique_numbers, max(invoice_number) as last from invoices where environment = 'sandbox' and invoice_number is not null",
      );
      expect(numbers.unique_numbers).toBe(numbers.n);
      expect(numbers.last).toBe(`INV-${String(numbers.n).padStart(6, '0')}`);
    }
    // Receivable: 40 subscriptions x 13 open invoices x 49.90 = 25,948.00.
    const balances = (await call('GET', '/billing/ledger/balances')).balances as Array<{ account: string; balance: string }>;
    const receivable = sumAmounts(balances.filter((b) => b.account.endsWith(':receivable')).map((b) => b.balance));
    expect(receivable.toFixed(2)).toBe('25948.00');
    await expectReconciled();
  }, START_TIMEOUT_MS * 3);
  it('a storm of partial refunds killed twice never refunds past a payment, and reconciles', async () => {
    const customer = await call('POST', '/customers', { name: 'Storm', email: 'storm@example.com' });
    const payments: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const draft = await call('POST', '/billing/invoices', { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Order', quantity: '1', unitPrice: '100.00' }] });
      await call('POST', `/billing/invoices/${draft.id}/finalize`);
      const payment = await call('POST', `/billing/invoices/${draft.id}/payments`, { method: 'pix' });
      await call('POST', `/test/payments/${payment.id}/confirm`);
      payments.push(payment.id);
    }
    const requests = payments.flatMap((paymentId) => Array.from({ length: REFUNDS_PER_PAYMENT }, () => ({ paymentId, idempotencyKey: randomUUID() })));
    const accepted = new Map<string, string>(); // idempotency key -> refund id
    let next = 0;
    let kills = 0;
    const killer = (async () => {
      // Kills at a third and at two thirds of the requests handed out.
      while (kills < 2) {
        await new Promise((r) => setTimeout(r, 10));
        if (next < ((kills + 1) * requests.length) / 3) continue;
        await service.kill('SIGKILL');
        kills++;
        await service.start();
      }
    })();
    // Four senders; each request is retried with its own key until the service answers it.
    const sender = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        for (let attempt = 0; ; attempt++) {
          const res = await api(service.url, 'POST', `/billing/payments/${request.paymentId}/refunds`, key, { amount: '7.00' }, request.idempotencyKey).catch(() => null);
          if (res?.status === 201) {
            accepted.set(request.idempotencyKey, res.body.id);
            break;
          }
          if (res && res.status < 500 && res.status !== 409) {
            // The only refusal: more than what is left of the payment.
            expect(res.status, JSON.stringify(res.body)).toBe(422);
            expect(res.body.error_code).toBe('refund_exceeds_payment');
            break;
          }
          if (attempt > 600) throw new Error('refund never answered');
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    await Promise.all([sender(), sender(), sender(), sender(), killer]);
    expect(kills).toBe(2);

    let refundsListed = 0;
    for (const id of payments) {
      const payment = await call('GET', `/billing/payments/${id}`);
      const refunds = (await call('GET', `/billing/payments/${id}/refunds`)).refunds as Array<{ amount: string }>;
      refundsListed += refunds.length;
      // 14 x 7.00 = 98.00 fits in 100.00, a 15th (105.00) does not: exactly 98.00 refunded.
      expect(refunds).toHaveLength(14);
      expect(payment.refundedAmount).toBe('98.00');
      expect(sumAmounts(refunds.map((r) => r.amount)).toFixed(2)).toBe('98.00');
    }
    // Every refund made answered its key (a request whose answer died with the service got it on its retry).
    expect(new Set(accepted.values()).size).toBe(refundsListed);
    // Clearing: 12 x 100.00 in - 12 x 98.00 back = 24.00 (plus the cycle test's nothing: its invoices are unpaid).
    const balances = (await call('GET', '/billing/ledger/balances')).balances as Array<{ account: string; balance: string }>;
    const clearing = balances.find((b) => b.account === 'providers:sandbox:clearing')!;
    expect(new Money(clearing.balance).toFixed(2)).toBe('24.00');
    await expectReconciled();
  }, START_TIMEOUT_MS * 3);
});
