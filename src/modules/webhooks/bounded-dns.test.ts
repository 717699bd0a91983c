// The webhook resolver against real DNS servers on UDP in this process: one answering A records
// (no AAAA), one that never answers. A name resolves through c-ares like dns.lookup would answer it,
// and a server that hangs ends in ETIMEOUT at the resolver's timeout, off the thread pool.
import { Resolver } from 'node:dns';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolverLookup } from './bounded-dns.ts';

const A_RECORDS: Record<string, string> = { 'hooks.example.com': '93.184.216.34' };
let answering: Socket;
let silent: Socket;
let silentQueries = 0;

/** The question's name and type, and where the question ends (RFC 1035 4.1.2). */
function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
    at += 1 + query[at]!;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/** An answer to the query: its A record when known, else no records (NXDOMAIN for unknown names). */
function answer(query: Buffer): Buffer {
  const { name, type, end } = question(query);
  const address = A_RECORDS[name];
  const records = address && type === 1 ? 1 : 0;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(address ? 0x8180 : 0x8183, 2); // response, recursion desired and available; rcode 0 or 3
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records, 6);
  const parts = [header, query.subarray(12, end)];
  if (records) {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    address!.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
    parts.push(record);
  }
  return Buffer.concat(parts);
}

async function bind(onMessage: (socket: Socket, message: Buffer, from: { address: string; port: number }) => void): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (message, from) => onMessage(socket, message, from));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket;
}

const resolverAt = (socket: Socket, timeout: number) => {
  const resolver = new Resolver({ timeout, tries: 1 });
  resolver.setServers([`127.0.0.1:${(socket.address() as AddressInfo).port}`]);
  return resolver;
};

const lookupWith = (resolver: Resolver, hostname: string, all: boolean) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
    resolverLookup(resolver)(hostname, { all }, (error, address, family) => resolve({ error, address, family })),
  );

beforeAll(async () => {
  answering = await bind((socket, message, from) => socket.send(answer(message), from.port, from.address));
  silent = await bind(() => void (silentQueries += 1));
});
afterAll(() => {
  answering.close();
  silent.close();
});

describe('resolverLookup', () => {
  it('answers like dns.lookup: one address with its family, or all of them', async () => {
    const resolver = resolverAt(answering, 2_000);
    expect(await lookupWith(resolver, 'hooks.example.com', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await lookupWith(resolver, 'hooks.example.com', true)).toMatchObject({ error: null, address: [{ address: '93.184.216.34', family: 4 }] });
  });

  it('fails an unknown name with ENOTFOUND', async () => {
    const result = await lookupWith(resolverAt(answering, 2_000), 'nowhere.example.com', false);
    expect(result.error?.code).toBe('ENOTFOUND');
  });

  it('gives up on a server that never answers with ETIMEOUT, having asked it', async () => {
    const result = await lookupWith(resolverAt(silent, 200), 'hangs.example.com', true);
    expect(result.error?.code).toBe('ETIMEOUT');
    expect(silentQueries).toBeGreaterThanOrEqual(1);
  });
});
