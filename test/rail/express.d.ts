// The little of Express the Rail's tests use (express is a dev dependency without @types/express).
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Handler = (req: IncomingMessage, res: ServerResponse & { json(body: unknown): void }, next: (error?: unknown) => void) => void;
  interface Router {
    get(path: string, ...handlers: Handler[]): Router;
  }
  interface App extends Router {
    (req: IncomingMessage, res: ServerResponse): void;
    set(name: string, value: unknown): App;
    use(path: string, router: Router): App;
  }
  interface Express {
    (): App;
    Router(): Router;
  }
  const express: Express;
  export default express;
}
