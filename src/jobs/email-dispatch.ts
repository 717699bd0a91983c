// Delivers the email outbox every few seconds when SMTP is configured. Safe in several processes
// at once: dispatchEmails claims rows with `for update skip locked` and a lease.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/types.ts';
import { createMailer, dispatchEmails } from '../modules/email/service.ts';

const EVERY_MS = 10_000;

export function startEmailDispatch(deps: AppDeps, log: FastifyBaseLogger): { stop(): void } {
  const mailer = createMailer(deps.config);
  if (!mailer) return { stop: () => undefined }; // no SMTP: emails stay readable in the outbox table
  let running = false;
  const run = async () => {
    if (running) return; // a slow SMTP server must not pile runs up
    running = true;
    try {
      const result = await dispatchEmails(deps.db, mailer, deps.clock);
      if (result.sent > 0 || result.failed > 0) log.info(result, 'emails dispatched');
    } catch (error) {
      log.warn({ err: error }, 'email dispatch failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return {
    stop: () => {
      clearInterval(timer);
      mailer.close();
    },
  };
}
