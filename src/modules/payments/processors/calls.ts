// Calling an adapter: a deadline on every call (PROCESSOR_TIMEOUT_MS, whatever the adapter's own
// timeouts) and its ProcessorError turned into the interface's errors. A failed call writes
// nothing: these errors are 5xx, so the request's transaction rolls back and its Idempotency-Key
// stays free for the retry (which sends the processor the same idempotency key).
import { AppError } from '../../../core/errors.ts';
import { ProcessorError } from './types.ts';

export async function callProcessor<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProcessorError('provider_timeout', `The processor did not answer in ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    throw asAppError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** ProcessorError -> AppError (502 provider_error / provider_unavailable, 504 provider_timeout, 400 invalid_signature); anything else as is. */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof ProcessorError)) return error;
  const metadata = error.processorCode ? { metadata: { processorCode: error.processorCode } } : {};
  switch (error.code) {
    case 'provider_timeout':
      return new AppError('provider_timeout', `The payment processor did not answer in time; nothing was charged or recorded. Retry with the same Idempotency-Key.`, metadata);
    case 'provider_unavailable':
      return new AppError('provider_unavailable', `The payment processor is unavailable (${error.message}); nothing was recorded. Retry later with the same Idempotency-Key.`, metadata);
    case 'invalid_signature':
      return new AppError('invalid_signature', 'The processor event is unsigned or its signature does not verify.');
    case 'provider_rejected':
      return new AppError('provider_error', `The payment processor refused the request: ${error.message}`, metadata);
  }
}
