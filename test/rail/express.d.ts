// The little of Express the Rail's tests use (express is a dev dependency without @types/express).
declare module 'express' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';
  type Handler = (req: IncomingMessage, res: ServerResponse & { json(body: unknown): void }, next: (error?: unknown) => void) => void;
  interface Router {
    get(path: string, ...handlers: Handler[]): Router;
  }
  interface App extends Router {
    (req: IncomingMessage, res: ServerResponse): void;
    set(name: string, value: unknown): App;
    use(path: string, router: Router): App;
    /** A middleware for every path (the official @x402/express paymentMiddleware). */
    use(handler: unknown): App;
    listen(port: number, host: string): Server;
  }
  interface Express {
    (): App;
    Router(): Router;
  }
  const express: Express;
  export default express;
}
