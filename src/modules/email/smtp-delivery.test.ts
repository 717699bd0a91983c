// Delivery through a real SMTP server (smtp-server on 127.0.0.1): each production email's job sends
// it after commit, retries temporary failures with back-off, gives up on permanent ones, and no
// email is sent twice when two job runners work at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { loadConfig, ConfigError } from '../../config.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer, createOneOffInvoice } from '../invoices/test-fixtures.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { createMailer, emailJobHandler, queueEmail, type Mailer } from './service.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './dispatcher.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

const clock = new ManualClock('2026-06-01T10:00:00.000Z');
let smtp: TestSmtpServer;
let t: TestContext;
let acme: SeededAccount;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Billing <billing@acme.test>' } });
  acme = await seedAccount(t.client, 'Acme');
  mailer = createMailer(t.config)!;
});
afterAll(async () => {
  mailer.close();
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const quiet = { warn: () => undefined, error: () => undefined };
/** Runs the email jobs due now; answers how many emails reached the server and how many jobs ran. */
async function dispatch(using: Mailer = mailer) {
  const before = smtp.received.length;
  const ran = await runDueJobs({ db: t.database.db, clock, log: quiet }, [emailJobHandler(t.database.db, using, clock)]);
  const sent = smtp.received.length - before;
  return { sent, failed: ran - sent };
}

async function emailRow(to: string) {
  return t.database.db.selectFrom('emails').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
}

async function queueLive(to: string): Promise<void> {
  const ctx = { tenant: { accountId: acme.id, environment: 'production' as const }, now: clock.now() };
  await t.database.db.transaction().execute((tx) => queueEmail(tx, ctx, { to, subject: `Hello ${to}`, text: 'Hi' }));
}

describe('SMTP delivery', () => {
  it('delivers a sent invoice to the customer, with subject and hosted page link', async () => {
    const customerId = await createCustomer(t, acme.liveKey, { name: 'Ana', email: 'ana@example.com' });
    const draft = await createOneOffInvoice(t, acme.liveKey, customerId);
    const open = (await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.liveKey)).body;
    expect((await t.client.post(`/billing/invoices/${draft.id}/send`, acme.liveKey)).status).toBe(200);
    expect(smtp.received).toHaveLength(0); // nothing leaves before the dispatcher runs

    expect(await dispatch()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['ana@example.com']);
    expect(mail!.envelopeFrom).toBe('billing@acme.test');
    expect(mail!.parsed.subject).toBe(`Fatura ${open.invoiceNumber} de Acme`); // pt-BR: no locale set, a BRL invoice
    expect(mail!.parsed.text).toContain(open.invoiceUrl);
    expect(mail!.parsed.text).toMatch(/Total: R\$\s100,00/);
    expect(mail!.parsed.html).toContain('<a href="');
    expect(await emailRow('ana@example.com')).toMatchObject({ sent_at: clock.now(), attempts: 1, next_attempt_at: null, error: null });

    expect(await dispatch()).toEqual({ sent: 0, failed: 0 }); // sent once only
  });

  it('never delivers sandbox emails', async () => {
    const customerId = await createCustomer(t, acme.key, { email: 'sandbox@example.com' });
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    await t.client.post(`/billing/invoices/${draft.id}/finalize`, acme.key);
    expect((await t.client.post(`/billing/invoices/${draft.id}/send`, acme.key)).status).toBe(200);
    expect(await dispatch()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect((await t.client.get('/test/emails', acme.key)).body.emails[0].to).toBe('sandbox@example.com');
  });

  it('retries a temporary failure after the back-off delay', async () => {
    smtp.refuse('flaky@example.com', 451);
    await queueLive('flaky@example.com');
    expect(await dispatch()).toEqual({ sent: 0, failed: 1 });
    const failed = await emailRow('flaky@example.com');
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: new Date(clock.now().getTime() + 60_000) });
    expect(failed.error).toContain('451');

    expect(await dispatch()).toEqual({ sent: 0, failed: 0 }); // not due yet
    clock.advance(60_000);
    expect(await dispatch()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['flaky@example.com']);
    expect(await emailRow('flaky@example.com')).toMatchObject({ attempts: 2, error: null, next_attempt_at: null });
  });

  it('gives up at once on a permanent failure (5xx)', async () => {
    smtp.refuse('gone@example.com', 550);
    await queueLive('gone@example.com');
    expect(await dispatch()).toEqual({ sent: 0, failed: 1 });
    expect(await emailRow('gone@example.com')).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: null });
    clock.advance(24 * 3_600_000);
    expect(await dispatch()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each email once when two dispatchers run at the same time', async () => {
    const second = createMailer(t.config)!;
    try {
      const addresses = Array.from({ length: 30 }, (_, i) => `bulk${i}@example.com`);
      for (const address of addresses) await queueLive(address);
      const env = { db: t.database.db, clock, log: quiet };
      const ran = await Promise.all([runDueJobs(env, [emailJobHandler(t.database.db, mailer, clock)], 60_000, 5), runDueJobs(env, [emailJobHandler(t.database.db, second, clock)], 60_000, 5)]);
      expect(ran[0] + ran[1]).toBe(30);
      expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual([...addresses].sort());
    } finally {
      second.close();
    }
  });

  it('a failed server connection is a temporary failure', async () => {
    const nowhere = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'billing@acme.test' })!;
    try {
      await queueLive('unreachable@example.com');
      expect(await dispatch(nowhere)).toEqual({ sent: 0, failed: 1 });
      expect((await emailRow('unreachable@example.com')).next_attempt_at).not.toBeNull();
      clock.advance(60_000);
      expect(await dispatch()).toEqual({ sent: 1, failed: 0 });
    } finally {
      nowhere.close();
    }
  });
});

describe('back-off and settings', () => {
  it('waits 1, 2, 4 ... minutes between attempts, at most 6 hours, for at most 12 attempts', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3_600_000);
    expect(MAX_ATTEMPTS).toBe(12);
  });

  it('validates SMTP_URL and MAIL_FROM, and defaults the sender to no-reply@ the BASE_URL host', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_FROM: 'Billing <billing@example.com>' }).mailFrom).toBe('Billing <billing@example.com>');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(loadConfig({ BASE_URL: 'https://billing.example.com' })).toMatchObject({ smtpUrl: null, mailFrom: 'no-reply@billing.example.com' });
  });
});
