// The two profiles. Quick is CI's smoke run (a few minutes on 2 cores, ratio gates only);
// full is for people (longer runs, more rounds, 1M and 10M events, the absolute gate, PGlite).
export interface Profile {
  name: 'quick' | 'full';
  rounds: number;
  /** Closed-loop run length per round and server, whole seconds (autocannon stops on a 1 s tick). */
  singleSeconds: number;
  batchSeconds: number;
  replaySeconds: number;
  /** Open-loop run length for the latency percentiles. */
  latencySeconds: number;
  warmupSeconds: number;
  /**
   * Closed-loop connections for single events. Max throughput is the best rate a server reaches at
   * any of these: the reference saturates at its pool size (10) and slows down past it; the service
   * groups concurrent requests into one commit, so it reaches its max with more in flight.
   */
  singleConnections: number[];
  batchConnections: number;
  batchSize: number;
  /** Events of the enrollment invoiced in scenario 4, and of the large one (null: not run). */
  invoiceEvents: number;
  invoiceLargeEvents: number | null;
  invoiceRequestsPerRound: number;
  /** The absolute from-usage time gate (25 ms) fails the run only when true. */
  absoluteGate: boolean;
  /** Scenario 5 (the service on embedded PGlite). */
  pglite: { invoiceEvents: number; invoiceLargeEvents: number | null } | null;
  /** Same pool size for the service and the references. */
  poolSize: number;
  /** Measure the HTTP ceiling (hello-world server) in every single-event round, beside the reference. */
  ceiling: boolean;
  /** Scenario 6 (meters check): events per batch (plus a tenth as conflicting copies) and the closed loop's length. */
  meterBatchSize: number;
  meterSeconds: number;
  /** Scenario 7: single events spread over many accounts and enrollments (null: not run). */
  manyTenants: { accounts: number; enrollmentsPerAccount: number; seconds: number; spreadHours: number } | null;
  /** Scenario 8: fresh batches and replays over two service processes, round-robin (null: not run). */
  twoProcesses: { batchSeconds: number; replaySeconds: number } | null;
  /** Scenario 9: Pix charges over a pool of open invoices (null: not run). */
  charges: { invoices: number; connections: number; seconds: number; confirmations: number } | null;
  /** Scenario 10: webhook deliveries (closed loop of recorded events) and commit-to-delivery latency samples (null: not run). */
  webhooks: { connections: number; seconds: number; latencySamples: number; gapMs: number } | null;
  /** Scenario 11: subscriptions due at one instant (the test clock moves past their period end) (null: not run). */
  subscriptions: { count: number; connections: number } | null;
  /** Scenario 12: `usage import` of an NDJSON file by the CLI (null: not run). */
  usageImport: { events: number } | null;
  /**
   * Scenario 14: card charges through processor_b (Stripe) against the validating mock, over a pool
   * of open invoices: closed-loop rounds of `seconds`, then an open loop of `latencySeconds` (null: not run).
   */
  cardCharges: { invoices: number; connections: number; rounds: number; seconds: number; latencySeconds: number } | null;
  /** Scenario 15: one address ordering at full speed (`floodConnections`), probes of another account and /healthz at `probeRate`/s for `seconds` (null: not run). */
  keylessFlood: { floodConnections: number; seconds: number; probeRate: number } | null;
}

export const QUICK: Profile = {
  name: 'quick',
  rounds: 3,
  singleSeconds: 1,
  batchSeconds: 1,
  replaySeconds: 1,
  latencySeconds: 1,
  warmupSeconds: 1,
  singleConnections: [64, 256],
  batchConnections: 8,
  batchSize: 1000,
  invoiceEvents: 100_000,
  invoiceLargeEvents: null,
  invoiceRequestsPerRound: 5,
  absoluteGate: false,
  pglite: null,
  poolSize: 10,
  ceiling: true,
  meterBatchSize: 500,
  meterSeconds: 1,
  manyTenants: { accounts: 50, enrollmentsPerAccount: 10, seconds: 1, spreadHours: 2 },
  twoProcesses: { batchSeconds: 1, replaySeconds: 1 },
  charges: { invoices: 200, connections: 16, seconds: 2, confirmations: 20 },
  webhooks: { connections: 16, seconds: 3, latencySamples: 100, gapMs: 10 },
  subscriptions: { count: 1_000, connections: 16 },
  usageImport: { events: 50_000 },
  cardCharges: { invoices: 100, connections: 16, rounds: 1, seconds: 2, latencySeconds: 2 },
  keylessFlood: { floodConnections: 20, seconds: 5, probeRate: 40 },
};

export const FULL: Profile = {
  name: 'full',
  rounds: 5,
  singleSeconds: 10,
  batchSeconds: 10,
  replaySeconds: 5,
  latencySeconds: 10,
  warmupSeconds: 3,
  singleConnections: [64, 256],
  batchConnections: 8,
  batchSize: 1000,
  invoiceEvents: 1_000_000,
  invoiceLargeEvents: 10_000_000,
  invoiceRequestsPerRound: 11,
  absoluteGate: true,
  pglite: { invoiceEvents: 1_000_000, invoiceLargeEvents: null },
  poolSize: 10,
  ceiling: true,
  meterBatchSize: 500,
  meterSeconds: 3,
  manyTenants: { accounts: 50, enrollmentsPerAccount: 10, seconds: 5, spreadHours: 2 },
  twoProcesses: { batchSeconds: 5, replaySeconds: 5 },
  charges: { invoices: 1000, connections: 16, seconds: 10, confirmations: 200 },
  webhooks: { connections: 32, seconds: 10, latencySamples: 500, gapMs: 20 },
  subscriptions: { count: 10_000, connections: 16 },
  usageImport: { events: 1_000_000 },
  cardCharges: { invoices: 1000, connections: 16, rounds: 3, seconds: 10, latencySeconds: 10 },
  keylessFlood: { floodConnections: 20, seconds: 15, probeRate: 50 },
};
