// A closed loop over several processes of the same service, as behind a load balancer: each
// connection sends its next request when the previous answer arrives, and the requests go to the
// processes in turn (round-robin over every request sent). Counts only acknowledged requests;
// tells the caller which process acknowledged each one.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { requestHeaders } from './closed-loop.ts';
import type { Workload } from './workloads.ts';

export interface RoundRobinOptions {
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /** Called for each acknowledged request with the index of the process that answered it. */
  onAcknowledged?: (id: number, server: number) => void;
}

export async function runRoundRobinLoop(urls: string[], workload: Workload, options: RoundRobinOptions): Promise<{ requestsPerSecond: number; acknowledged: number }> {
  const pools = urls.map((url) => new Pool(url, { connections: options.connections, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 }));
  let sent = 0;
  let acknowledged = 0;
  const start = performance.now();
  const end = start + options.durationSeconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end) {
          const server = sent++ % urls.length;
          const { id, body } = workload.next();
          try {
            const response = await pools[server]!.request({ method: 'POST', path: workload.path, headers: requestHeaders(workload, id, options.headers), body });
            const text = await response.body.text();
            const before = workload.pending.size;
            workload.answer(id, response.statusCode, text);
            if (workload.pending.size < before) {
              acknowledged += 1;
              options.onAcknowledged?.(id, server);
            }
          } catch {
            // Left pending: resent after the run.
          }
        }
      }),
    );
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  // In-flight requests at the deadline finish and count: the time includes them.
  return { requestsPerSecond: acknowledged / ((performance.now() - start) / 1000), acknowledged };
}
