// A burst of connections while the service cannot accept (its event loop busy; here the process is
// stopped with SIGSTOP, which makes "busy" deterministic): the kernel completes the handshakes into
// the listen socket's accept queue, and drops the SYNs that do not fit, which makes those clients
// wait for TCP's retransmission (1 s, then 3 s). While the process stays stopped the queue never
// drains, so a dropped SYN's client does not connect at all: the test waits, with the service
// stopped, for every connection, and a slow test machine only makes it wait longer. The service
// listens with a backlog of 4096, so a burst of 1,000 all complete. Linux only (SIGSTOP, /proc);
// skipped where net.core.somaxconn caps the queue below the burst.
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../harness.ts';
import { createScratchDatabase, freePortPair, ServiceProcess, START_TIMEOUT_MS } from '../service-process.ts';

const BURST = 1000;
/** How long the stopped service's clients get to connect: generous, the machine may be busy. */
const CONNECT_WAIT_MS = 20_000;
const SOMAXCONN = '/proc/sys/net/core/somaxconn';
const roomForBurst = existsSync(SOMAXCONN) && Number(readFileSync(SOMAXCONN, 'utf8')) >= BURST + 100;

describe.runIf(usingPostgres && process.platform === 'linux' && roomForBurst)('a burst of connections while the service is busy', () => {
  let database: { url: string; drop(): Promise<void> };
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.DATABASE_URL!, 'test_burst');
    service = new ServiceProcess((await freePortPair())[0], { DATABASE_URL: database.url });
    await service.start();
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    service?.child?.kill('SIGCONT');
    await service?.kill();
    await database?.drop();
  });

  it('completes every handshake while the service is stopped (no SYN dropped for a full accept queue), then serves them', async () => {
    const child = service.child!;
    const sockets: Socket[] = [];
    child.kill('SIGSTOP');
    let connected: boolean[];
    try {
      connected = await Promise.all(
        Array.from({ length: BURST }, () =>
          new Promise<boolean>((resolve, reject) => {
            const socket = connect({ host: '127.0.0.1', port: service.port });
            sockets.push(socket);
            socket.once('connect', () => resolve(true));
            socket.once('error', reject);
            setTimeout(() => resolve(false), CONNECT_WAIT_MS).unref();
          }),
        ),
      );
    } finally {
      child.kill('SIGCONT');
    }
    expect(connected.filter((ok) => !ok).length).toBe(0);
    // The service then reads every one of them: each answers an HTTP request on its connection.
    const answers = await Promise.all(
      sockets.slice(0, 50).map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0]!);
            });
            socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
          }),
      ),
    );
    expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 200 OK']));
    for (const socket of sockets) socket.destroy();
  }, CONNECT_WAIT_MS + 60_000);
});
