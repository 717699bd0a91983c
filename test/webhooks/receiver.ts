// A local webhook receiver for tests: records every request (headers and raw body) and answers
// what the test tells it to (by default 200).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: any };
  answeredWith: number;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Chooses the status of each answer (default 200). */
  answer: (request: { body: string; json: any; count: number }) => number = () => 200;
  answerBody = 'ok';
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: any = null;
        try {
          json = JSON.parse(body);
        } catch {
          // recorded as is
        }
        const status = this.answer({ body, json, count: this.received.length });
        this.received.push({ headers: req.headers, body, json, answeredWith: status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(this.answerBody);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.json?.type === type);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
