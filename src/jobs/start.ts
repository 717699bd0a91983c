// The background work of a service process, all on the durable job queue (docs/decisions/jobs.md):
// webhook deliveries, outgoing emails (when SMTP is set), and recurring jobs: the subscription
// cycle runner, the payment expiry sweep and the idempotency-key purge. Every process runs a runner; the queue's claims
// keep them from doing the same job at once, and a NOTIFY from any commit wakes them all.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { AppDeps } from '../http/types.ts';
import { createMailer, emailJobHandler } from '../modules/email/service.ts';
import { expireLapsedPayments } from '../modules/payments/service.ts';
import { runDueSubscriptions, SUBSCRIPTION_QUEUE } from '../flows/subscriptions/service.ts';
import { webhookJobHandler } from '../modules/webhooks/deliver.ts';
import { ensureRecurringJob, JOBS_CHANNEL } from './queue.ts';
import { JobRunner, type JobHandler } from './runner.ts';

const PAYMENT_EXPIRY = 'payments.expire';
const IDEMPOTENCY_PURGE = 'idempotency.purge';

export interface StartedJobs {
  runner: JobRunner;
  stop(): Promise<void>;
}

export async function startJobs(deps: AppDeps, database: Pick<DatabaseHandle, 'listen'>, log: FastifyBaseLogger): Promise<StartedJobs> {
  const { db, clock, config } = deps;
  const mailer = createMailer(config);
  const handlers: JobHandler[] = [
    webhookJobHandler({ db, clock, policy: deps.webhookPolicy }),
    {
      queue: PAYMENT_EXPIRY,
      run: async () => {
        const expired = await expireLapsedPayments(db, clock, config.baseUrl);
        if (expired > 0) log.info({ expired }, 'lapsed charges failed as expired');
      },
    },
    {
      queue: SUBSCRIPTION_QUEUE,
      run: async () => {
        const result = await runDueSubscriptions(db, clock, config.baseUrl);
        if (result.invoices > 0) log.info({ invoices: result.invoices }, 'subscription periods invoiced');
        for (const failure of result.failures) log.error(failure, 'a subscription could not be billed; tried again in an hour');
      },
    },
    {
      queue: IDEMPOTENCY_PURGE,
      run: async () => {
        const removed = await deps.idempotency.purgeExpired();
        if (removed > 0) log.info({ removed }, 'expired idempotency keys purged');
      },
    },
  ];
  // Without SMTP, production emails wait in the outbox with their jobs until it is set.
  if (mailer) handlers.push(emailJobHandler(db, mailer, clock));

  const now = clock.now();
  await ensureRecurringJob(db, now, PAYMENT_EXPIRY, 15);
  await ensureRecurringJob(db, now, IDEMPOTENCY_PURGE, 3600);
  await ensureRecurringJob(db, now, SUBSCRIPTION_QUEUE, 10);

  const runner = new JobRunner({ db, clock, log, ...config.jobs });
  for (const handler of handlers) runner.register(handler);
  const unlisten = await database.listen(JOBS_CHANNEL, () => runner.wake());
  runner.start();
  return {
    runner,
    stop: async () => {
      await unlisten();
      await runner.stop();
      mailer?.close();
    },
  };
}
