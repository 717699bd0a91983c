// Loopback servers for the Rail's end-to-end tests: the service listening on a port, a TCP proxy
// in front of it that can be stopped and restarted (how "the service is unreachable" is simulated:
// connections are refused while the service process itself keeps running), and a seller server.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket, type AddressInfo } from 'node:net';
import type { TestContext } from '../harness.ts';

export async function listenService(t: TestContext): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export class StoppableProxy {
  private server: TcpServer | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly targetPort: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createTcpServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts the open ones, as a stopped service would. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export { createHttpServer };

/** The seller's shared store in tests: RAIL_REDIS_URL, or this machine's Redis. */
export const RAIL_REDIS_URL = process.env.RAIL_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers there: tests of the shared store skip without it (nothing else stands in for it). */
export function redisReachable(url = RAIL_REDIS_URL): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port || 6379), new URL(url).hostname);
    socket.setTimeout(1000);
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
