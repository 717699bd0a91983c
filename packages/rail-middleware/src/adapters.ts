// Adapters over the core: plain node:http, Express-style (req, res, next), and Fastify.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Rail } from './core.ts';
import type { RailOutcome, RailRequest } from './types.ts';

// Express sets originalUrl (the path before mounting) and protocol (honouring its `trust proxy`).
type MaybeExpress = IncomingMessage & { originalUrl?: string; protocol?: string };

function fromNode(req: MaybeExpress): RailRequest {
  return {
    method: req.method ?? 'GET',
    url: req.originalUrl ?? req.url ?? '/',
    host: req.headers.host,
    secure: Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted),
    ...(typeof req.protocol === 'string' ? { protocol: req.protocol } : {}),
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

function answerNode(res: ServerResponse, outcome: Extract<RailOutcome, { action: 'respond' }>): void {
  const body = JSON.stringify(outcome.body);
  res.writeHead(outcome.status, { ...outcome.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function failNode(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error as Error);
    return;
  }
  res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'internal_error' }));
}

/** Plain node:http: wraps a handler; it runs only once the request is paid (or served in grace). */
export function nodeHandler(rail: Rail, meter: string, handler: (req: IncomingMessage, res: ServerResponse) => unknown) {
  rail.route(meter);
  return (req: IncomingMessage, res: ServerResponse): void => {
    rail
      .handle(meter, fromNode(req))
      .then(async (outcome) => {
        if (outcome.action === 'respond') return answerNode(res, outcome);
        for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
        await handler(req, res);
      })
      .catch((error: unknown) => failNode(res, error));
  };
}

/** Express-style middleware (req, res, next), for Express, Connect and anything shaped alike. */
export function expressMiddleware(rail: Rail, meter: string) {
  rail.route(meter);
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    rail
      .handle(meter, fromNode(req))
      .then((outcome) => {
        if (outcome.action === 'respond') return answerNode(res, outcome);
        for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
        next();
      })
      .catch((error: unknown) => next(error));
  };
}

interface FastifyLikeRequest {
  method: string;
  url: string;
  /** Fastify 5: 'http' or 'https', from X-Forwarded-Proto only under its trustProxy option. */
  protocol?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface FastifyLikeReply {
  code(status: number): FastifyLikeReply;
  header(name: string, value: string): FastifyLikeReply;
  send(body: unknown): FastifyLikeReply;
}

/** A Fastify preHandler hook: `{ preHandler: fastifyPreHandler(rail, 'calls') }` on a route. */
export function fastifyPreHandler(rail: Rail, meter: string) {
  rail.route(meter);
  return async (request: FastifyLikeRequest, reply: FastifyLikeReply): Promise<void> => {
    const header = (name: string) => {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const outcome = await rail.handle(meter, { method: request.method, url: request.url, host: header('host'), header, ...(request.protocol ? { protocol: request.protocol } : {}) });
    for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
    if (outcome.action === 'respond') {
      reply.code(outcome.status).header('content-type', 'application/json').send(outcome.body);
      return;
    }
  };
}
