// The Node.js flags the service runs with. package.json's start and dev scripts spell them out
// (test/foundation/newcomer.test.ts checks that they match); whatever else starts the service as a
// process (tests, the benchmark) takes them from here.
//
// --max-semi-space-size=64: V8's young generation may grow to 64 MiB per semi-space (16 MiB by
// default on 64-bit), so short-lived objects (parsed bodies, validated events, rendered answers)
// die in fewer, cheaper scavenges (the gain on usage ingestion is in docs/benchmarks.md). The price
// is memory: under load the young generation may hold up to 2 x 64 MiB instead of 2 x 16 MiB.
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
