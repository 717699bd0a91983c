// Maximum throughput: a closed loop (each connection sends its next request when the previous
// answer arrives) with autocannon, for a bounded duration. Throughput counts only acknowledged
// requests (2xx with the expected content), so errors never inflate a figure.
import autocannon from 'autocannon';
import type { Workload } from './workloads.ts';

export interface ClosedLoopOptions {
  connections: number;
  durationSeconds: number;
  /** Sent with every request (Authorization). */
  headers: Record<string, string>;
}

export interface ClosedLoopResult {
  /** Acknowledged requests per second. */
  requestsPerSecond: number;
  acknowledged: number;
  seconds: number;
  errors: number;
  timeouts: number;
}

interface Context {
  id?: number;
}

/** The run's headers, the request's own Authorization when its workload spreads over tenants, and its Idempotency-Key. */
export function requestHeaders(workload: Workload, id: number, headers: Record<string, string>): Record<string, string> {
  const authorization = workload.authorizationOf(id);
  return { ...headers, ...(authorization ? { authorization } : {}), 'content-type': 'application/json', 'idempotency-key': `${workload.keyPrefix}-${id}` };
}

export async function runClosedLoop(url: string, workload: Workload, options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  let acknowledged = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    // Bounded in count as well as time: far above what 2 cores serve, even for a hello world.
    maxOverallRequests: Math.max(options.connections, 50_000 * Math.ceil(options.durationSeconds)),
    timeout: 30,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: workload.path,
        setupRequest: (request, context) => {
          const { id, body } = workload.next();
          (context as Context).id = id;
          return { ...request, path: workload.pathOf?.(id) ?? workload.path, body, headers: requestHeaders(workload, id, options.headers) };
        },
        onResponse: (status, body, context) => {
          const id = (context as Context).id;
          if (id === undefined) return;
          const before = workload.pending.size;
          workload.answer(id, status, body);
          if (workload.pending.size < before) acknowledged += 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: acknowledged / result.duration,
    acknowledged,
    seconds: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
