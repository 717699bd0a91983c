// @billing/rail-middleware: charge software agents per request over x402 v2 (README.md).
export { createRail, Rail } from './core.ts';
export { RailStartError, type RailConfig, type RailCounters, type RailLogger, type RailOptions, type RailOutcome, type RailRequest, type RemoteFacilitatorOptions } from './types.ts';
export { expressMiddleware, fastifyPreHandler, nodeHandler } from './adapters.ts';
export { GraceLedger, windowSeconds, type GraceLimits } from './grace.ts';
