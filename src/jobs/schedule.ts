// Periodic work inside each service process. Every task is safe to run in several processes at
// once (plain idempotent deletes, in bounded chunks; the email dispatcher claims rows with skip locked), so no
// coordination is needed.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/types.ts';
import { startEmailDispatch } from './email-dispatch.ts';
import { startPaymentExpiry } from './payment-expiry.ts';

const HOUR = 3_600_000;

export function startSchedules(deps: AppDeps, log: FastifyBaseLogger): { stop(): void } {
  const purge = async () => {
    try {
      const removed = await deps.idempotency.purgeExpired();
      if (removed > 0) log.info({ removed }, 'expired idempotency keys purged');
    } catch (error) {
      log.warn({ err: error }, 'idempotency purge failed; will retry');
    }
  };
  const timer = setInterval(() => void purge(), HOUR);
  timer.unref();
  void purge();
  const emails = startEmailDispatch(deps, log);
  const expiry = startPaymentExpiry(deps, log);
  return {
    stop: () => {
      clearInterval(timer);
      emails.stop();
      expiry.stop();
    },
  };
}
