// An install of the previous release upgraded to this one: the previous release's own code (its
// tree taken from git, run as a service) makes invoices, payments, refunds, a chargeback, a void, a
// write-off and a duplicate payment on a database it migrated itself; then this release starts on
// the same database, runs its migrations (the ledger tables and their backfill) and the account
// reconciles at once, with the ledger saying where each amount is. The previous release runs on this
// release's node_modules: a package it imports that this release dropped stays a devDependency
// (request-filtering-agent, its connect-time SSRF filter).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, usingPostgres } from '../harness.ts';
import { api, createScratchDatabase, freePortPair, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

/** The last release that landed before the ledger (the one an existing install runs). */
const PREVIOUS_RELEASE = '983b26e357068413cfca59031e37f4149266f503';

function resolveCommit(ref: string): string | null {
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

// A clone without history (a tarball, a shallow clone) cannot rebuild the previous release.
const commit = resolveCommit(PREVIOUS_RELEASE);

describe.runIf(commit !== null)('upgrade from the previous release', () => {
  const tree = mkdtempSync(join(tmpdir(), 'previous-release-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'upgrade-data-'));
  let database: { url: string; drop(): Promise<void> } | null = null;
  let env: Record<string, string>;
  let oldPort: number;
  let newPort: number;
  let current: ServiceProcess | null = null;
  let key: string;
  const expected = { openDue: '0', transactionsAtLeast: 0 };

  beforeAll(async () => {
    [oldPort, newPort] = await freePortPair();
    const unpacked = spawnSync('sh', ['-c', `git archive ${commit} | tar -x -C ${tree}`], { encoding: 'utf8' });
    expect(unpacked.status, unpacked.stderr).toBe(0);
    // The previous release's dependencies are this one's less dependency-cruiser (a dev tool).
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
    if (usingPostgres) database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_upgrade');
    env = database ? { DATABASE_URL: database.url, REDIS_URL: '' } : { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };

    const previous = new ServiceProcess(oldPort, env, 'source', tree);
    await previous.start();
    try {
      key = await createAccount(previous.url);
      await makeMoneyRecords(previous.url);
    } finally {
      await previous.kill('SIGTERM');
    }
  }, START_TIMEOUT_MS * 2);

  afterAll(async () => {
    await current?.kill();
    await database?.drop();
    rmSync(tree, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createAccount(url: string): Promise<string> {
    const created = await fetch(`${url}/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Upgraded' }),
    }).then((r) => r.json());
    return created.keys.find((k: { type: string; environment: string }) => k.type === 'secret' && k.environment === 'sandbox').key;
  }

  /** What an install of the previous release holds: every kind of money record it made. */
  async function makeMoneyRecords(url: string): Promise<void> {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await api(url, method, path, key, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const customer = await call('POST', '/customers', { name: 'Ana Souza', email: 'ana@example.com' });
    const invoice = async (unitPrice = '50.00') => {
      const draft = await call('POST', '/billing/invoices', { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Consulting', quantity: '2', unitPrice }] });
      return call('POST', `/billing/invoices/${draft.id}/finalize`);
    };
    const pix = (invoiceId: string) => call('POST', `/billing/invoices/${invoiceId}/payments`, { method: 'pix' });

    // Paid 100.00, refunded 30.50, then charged back: the bank takes 100.00 - 30.50 = 69.50.
    const disputed = await pix((await invoice()).id);
    await call('POST', `/test/payments/${disputed.id}/confirm`);
    await call('POST', `/billing/payments/${disputed.id}/refunds`, { amount: '30.50' });
    await call('POST', `/test/payments/${disputed.id}/chargeback`);
    // Paid twice: a superseded Pix code paid after the second, refunded in full as a duplicate.
    const twice = await invoice();
    const first = await pix(twice.id);
    const second = await pix(twice.id);
    await call('POST', `/test/payments/${second.id}/confirm`);
    await call('POST', `/test/payments/${first.id}/confirm`);
    // Voided, written off, and two left open: 100.00 + 3 x 33.335 = 100.005 -> 100.01 due on the second.
    await call('POST', `/billing/invoices/${(await invoice()).id}/void`);
    await call('POST', `/billing/invoices/${(await invoice()).id}/mark-uncollectible`);
    await invoice();
    const draft = await call('POST', '/billing/invoices', { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Open', quantity: '3', unitPrice: '33.335' }] });
    const odd = await call('POST', `/billing/invoices/${draft.id}/finalize`);
    expect(odd.amountDue).toBe('100.01');
    // Open receivable: 100.00 + 100.01 = 200.01, plus the written-off 100.00 (still due, moved to bad debt).
    expected.openDue = '200.01';
    // Finalizations 6, confirmations 3, refunds 2, chargeback 1, void 1, write-off 1.
    expected.transactionsAtLeast = 14;
  }

  it('this release migrates the database and the account reconciles at once', async () => {
    current = new ServiceProcess(newPort, env);
    await current.start();
    const reconciliation = await api(current.url, 'GET', '/billing/reconciliation', key);
    expect(reconciliation.status).toBe(200);
    expect(reconciliation.body).toMatchObject({ reconciled: true, mismatches: [] });
    expect(reconciliation.body.transactions).toBeGreaterThanOrEqual(expected.transactionsAtLeast);

    const transactions = await api(current.url, 'GET', '/billing/ledger/transactions?limit=100', key);
    const kinds = transactions.body.transactions.map((t: { kind: string }) => t.kind);
    for (const kind of ['invoice.finalized', 'invoice.voided', 'invoice.written_off', 'payment.confirmed', 'payment.refunded', 'payment.charged_back']) {
      expect(kinds).toContain(kind);
    }

    // Where the money is, BRL (debit positive): clearing = 100.00 paid - 30.50 refunded - 69.50
    // charged back + 100.00 paid - 0 = 100.00 (the duplicate's 100.00 in and back out nets 0);
    // receivable = the open 200.01 (the written-off 100.00 went to bad debt).
    const balances = await api(current.url, 'GET', '/billing/ledger/balances', key);
    const balance = (code: string) =>
      balances.body.balances
        .filter((b: { account: string }) => b.account === code || (code.startsWith('*') && b.account.endsWith(code.slice(1))))
        .map((b: { balance: string }) => Number(b.balance))
        .reduce((a: number, b: number) => a + b, 0)
        .toFixed(2);
    expect(balance('providers:sandbox:clearing')).toBe('100.00');
    expect(balance('*:receivable')).toBe(expected.openDue);
    expect(balance('bad_debt')).toBe('100.00');
    expect(balance('refunds')).toBe('30.50');
    expect(balance('chargebacks')).toBe('69.50');
  });
});
