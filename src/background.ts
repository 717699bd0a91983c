// The background work of a service process: each area's job handlers, gathered here so the job
// queue (src/jobs/) imports no area. Webhook deliveries, outgoing emails (when SMTP is set), and
// the recurring jobs: the subscription cycle runner, the payment expiry sweep, the daily ledger
// reconciliation, the close of the Rail's day receipts, the recovery of its stuck settlements, the
// Rail relayers' gas watch and the idempotency-key purge.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/database.ts';
import { reservedRequestAnswers } from './http/idempotency-staged.ts';
import type { AppDeps } from './http/types.ts';
import { startJobs, type BackgroundJob, type StartedJobs } from './jobs/start.ts';
import { createMailer, emailJobHandler } from './modules/email/index.ts';
import { ledgerReconciliationJob } from './modules/ledger/index.ts';
import { paymentExpiryJob } from './modules/payments/index.ts';
import { webhookJobHandler } from './modules/webhooks/index.ts';
import { afterOffSessionCharge, subscriptionCycleJob } from './flows/subscriptions/index.ts';
import { repairPollerJob } from './flows/payment-confirmation/index.ts';
import { railReceiptsJob, railRecoveryJob, railRelayerWatchJob } from './flows/rail/index.ts';

export async function startBackgroundJobs(deps: AppDeps, database: Pick<DatabaseHandle, 'listen'>, log: FastifyBaseLogger): Promise<StartedJobs> {
  const { db, clock, config } = deps;
  const mailer = createMailer(config);
  const jobs: BackgroundJob[] = [
    webhookJobHandler({ db, clock, policy: deps.webhookPolicy }),
    paymentExpiryJob(db, clock, config.baseUrl, log),
    repairPollerJob(db, clock, config.baseUrl, log, reservedRequestAnswers, afterOffSessionCharge),
    subscriptionCycleJob(db, clock, config.baseUrl, log, config.subscriptionBatches),
    ledgerReconciliationJob(db, clock, log),
    railReceiptsJob(db, clock, config.baseUrl, log),
    railRecoveryJob(db, clock, { config, webhookPolicy: deps.webhookPolicy, baseUrl: config.baseUrl, usageKeyExpiresAt: (now) => deps.idempotency.expiresAt(now) }, log),
    railRelayerWatchJob(db, clock, config, log),
    {
      queue: 'idempotency.purge',
      everySeconds: 3600,
      run: async () => {
        const removed = await deps.idempotency.purgeExpired();
        if (removed > 0) log.info({ removed }, 'expired idempotency keys purged');
      },
    },
  ];
  // Without SMTP, production emails wait in the outbox with their jobs until it is set.
  if (mailer) jobs.push(emailJobHandler(db, mailer, clock));
  return startJobs({ db, clock, log, options: config.jobs, jobs, onStop: () => mailer?.close(), soleProcess: deps.dbKind === 'pglite' }, database);
}
