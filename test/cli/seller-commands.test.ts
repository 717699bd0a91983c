// The seller's commands as a seller runs them: child processes talking to a running service over
// HTTP, tables or --json, exit codes by outcome, and a usage import that resumes after a refusal.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, createPublishedUsageProduct, enroll } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { waitFor } from '../webhooks/receiver.ts';
import { cliArgs } from '../service-process.ts';
import { runCli } from './cli-process.ts';

// Each CLI run is a new Node process compiling the CLI (2-4 s on a quiet machine, several times
// that beside a full suite); a test runs up to eight of them.
vi.setConfig({ testTimeout: 240_000 });

let t: TestContext;
let acme: SeededAccount;
let baseUrl: string;
let folder: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedAccount(t.client, 'Acme');
  folder = await mkdtemp(join(tmpdir(), 'cli-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await t.close();
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { API_KEY: acme.key, BASE_URL: baseUrl, ...env });

describe('catalog and customers', () => {
  it('creates, publishes and lists a product, as a table and as JSON', async () => {
    const created = await cli(['products', 'create', '--key', 'ebook', '--name', 'E-book', '--pricing-model', 'one_time', '--base-price', '29.90', '--json']);
    expect(created.code).toBe(0);
    const { product, version } = JSON.parse(created.stdout);
    const published = await cli(['products', 'publish', product.id, version.id]);
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(/status\s+published/);
    const table = await cli(['products', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+key\s+name\s+pricingModel\s+currency\s+status$/);
    expect(table.stdout).toContain('ebook');
  });

  it('creates and lists customers', async () => {
    const created = await cli(['customers', 'create', '--name', 'Ana Souza', '--email', 'ana@example.com', '--external-id', 'ana-1', '--json']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).externalId).toBe('ana-1');
    const listed = await cli(['customers', 'list', '--email', 'ana@example.com', '--json']);
    expect(JSON.parse(listed.stdout).map((c: { externalId: string }) => c.externalId)).toEqual(['ana-1']);
  });
});

describe('exit codes', () => {
  it('says why and exits by outcome: usage 2, refused 3, key 4, not found 5, unreachable 6', async () => {
    const noKey = await cli(['customers', 'list'], { API_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('API_KEY');
    expect((await cli(['customers', 'lis'])).code).toBe(2);
    const refused = await cli(['customers', 'create', '--name', 'x', '--email', 'not-an-email']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/email: .*tracer_id/s);
    expect((await cli(['customers', 'list'], { API_KEY: 'sk_test_wrong' })).code).toBe(4);
    expect((await cli(['invoices', 'finalize', '01a20e57-8089-7031-b176-bb15076e4426'])).code).toBe(5);
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await cli(['customers', 'list'], { BASE_URL: closed });
    expect(unreachable.code).toBe(6);
    // One line naming the address and the system's reason, no stack trace.
    expect(unreachable.stderr.trim().split('\n')).toEqual([`Could not reach the service at ${closed} (ECONNREFUSED): is it running? Set BASE_URL or --base-url.`]);
  });

  it('a missing import file is one line naming it (exit 1), and --version prints the package version', async () => {
    const missing = await cli(['usage', 'import', join(folder, 'nowhere.ndjson')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`${join(folder, 'nowhere.ndjson')}: no such file.`);
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(await readFile('package.json', 'utf8')).version);
  });
});

describe('usage', () => {
  it('imports NDJSON in batches, stops at a refused batch naming its line, and resumes after the acknowledged ones', async () => {
    const seller = await seedAccount(t.client, 'Importer');
    const { product, meter } = await createPublishedUsageProduct(t.client, seller.key, '0.01');
    const customer = await createCustomer(t.client, seller.key, { externalId: 'importer-1' });
    const enrollment = await enroll(t.client, seller.key, customer.id, product.id);
    const at = new Date(Date.now() - 3600_000).toISOString();
    const event = (i: number) => ({ meter: meter.key, productId: product.id, customerId: 'importer-1', value: '1', eventId: `imp-${i}`, timestamp: at });
    const lines = Array.from({ length: 2500 }, (_, i) => JSON.stringify(event(i)));
    lines[1699] = JSON.stringify({ ...event(1699), value: 'lots' }); // line 1700: in the second batch
    const file = join(folder, 'usage.ndjson');
    await writeFile(file, lines.join('\n') + '\n');

    const args = ['usage', 'import', file, '--concurrency', '1'];
    const refused = await cli(args, { API_KEY: seller.key });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('line 1700 (value)');
    expect(JSON.parse(await readFile(`${file}.import-progress.json`, 'utf8')).acknowledgedBatches).toBe(1);

    lines[1699] = JSON.stringify(event(1699));
    await writeFile(file, lines.join('\n') + '\n');
    const resumed = await cli([...args, '--json'], { API_KEY: seller.key });
    expect(resumed.code).toBe(0);
    const summary = JSON.parse(resumed.stdout);
    expect(summary).toMatchObject({ events: 1500, accepted: 1500, duplicates: 0, batches: 2, resumedBatches: 1 });
    await expect(readFile(`${file}.import-progress.json`)).rejects.toThrow();

    // All 2500 recorded exactly once: the usage of the hour sums to 2500.
    const from = new Date(Date.parse(at) - 60_000).toISOString();
    const usage = await t.client.get(`/metering/usage?enrollmentId=${enrollment.id}&meter=${meter.key}&from=${from}&to=${new Date().toISOString()}`, seller.key);
    expect(usage.status).toBe(200);
    expect(usage.body.value).toBe('2500');
  });

  it('imports CSV and sends a single event', async () => {
    const seller = await seedAccount(t.client, 'Csv');
    const { product, meter } = await createPublishedUsageProduct(t.client, seller.key, '0.01');
    const customer = await createCustomer(t.client, seller.key, { externalId: 'csv-1' });
    await enroll(t.client, seller.key, customer.id, product.id);
    const at = new Date(Date.now() - 3600_000).toISOString();
    const file = join(folder, 'usage.csv');
    await writeFile(file, `meter,productId,customerId,value,eventId,timestamp,metadata\n${Array.from({ length: 30 }, (_, i) => `${meter.key},${product.id},csv-1,2.5,csv-${i},${at},"{""region"": ""sp""}"`).join('\n')}\n`);
    const imported = await cli(['usage', 'import', file, '--json'], { API_KEY: seller.key });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ events: 30, accepted: 30 });
    // The same file again: its batch is answered as a replay, so its 30 events are duplicates.
    const again = await cli(['usage', 'import', file], { API_KEY: seller.key });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Imported 30 events in 1 batch \(0 accepted, 30 duplicates\)/);

    // By the product's id, then by its key: the second is the same event id, a duplicate.
    const single = ['usage', 'send', '--meter', meter.key, '--customer', 'csv-1', '--value', '3', '--event-id', 'single-1', '--json'];
    const sent = await cli([...single, '--product', product.id], { API_KEY: seller.key });
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout).status).toBe('accepted');
    const byKey = await cli([...single, '--product', product.key], { API_KEY: seller.key });
    expect(byKey.code).toBe(0);
    expect(JSON.parse(byKey.stdout).status).toBe('duplicate');
    const unknownKey = await cli([...single, '--product', 'no-such-product'], { API_KEY: seller.key });
    expect(unknownKey.code).toBe(5);
    expect(unknownKey.stderr).toContain('No product with key "no-such-product"');
  });
});

describe('invoices, payments and events', () => {
  it('finalizes an invoice, lists payments, and tails new events', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const draft = await t.client.post('/billing/invoices', acme.key, { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Work', quantity: '1', unitPrice: '10.00' }] });
    const finalized = await cli(['invoices', 'finalize', draft.body.id, '--json']);
    expect(finalized.code).toBe(0);
    expect(JSON.parse(finalized.stdout).status).toBe('open');
    const charge = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, acme.key, { method: 'pix' });
    const payments = await cli(['payments', 'list', '--invoice', draft.body.id]);
    expect(payments.stdout).toContain(charge.body.id);
    expect((await cli(['invoices', 'list', '--status', 'open', '--json'])).stdout).toContain(draft.body.id);

    const tail = spawn(process.execPath, cliArgs(['events', 'tail', '--interval', '200']), {
      env: { ...process.env, API_KEY: acme.key, BASE_URL: baseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tail.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    tail.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // The tail reads the log once before it prints anything new: create customers until one shows.
      const created: string[] = [];
      await waitFor(async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        created.push((await t.client.post('/customers', acme.key, { name: 'Tailed' })).body.id);
        return created.some((id) => output.includes(id)) || undefined;
      }, 40_000, 'a tailed customer.created').catch((error: Error) => {
        throw new Error(`${error.message}; the tail printed: ${output}`);
      });
      expect(output).toMatch(/customer\.created/);
    } finally {
      tail.kill('SIGINT');
    }
  });
});
