// Fails lapsed Pix codes and boletos every few seconds (payments/expiry.ts). Safe in several
// processes at once: the sweep claims rows with `for update skip locked`.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/types.ts';
import { expireLapsedPayments } from '../modules/payments/service.ts';

const EVERY_MS = 15_000;

export function startPaymentExpiry(deps: AppDeps, log: FastifyBaseLogger): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireLapsedPayments(deps.db, deps.clock, deps.config.baseUrl);
      if (expired > 0) log.info({ expired }, 'lapsed charges failed as expired');
    } catch (error) {
      log.warn({ err: error }, 'payment expiry sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
