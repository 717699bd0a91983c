// A real SMTP server on 127.0.0.1 (random port) for the delivery tests: it keeps every message it
// accepts, parsed, and can refuse chosen recipients (temporarily with 451, or for good with 550).
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Refuse RCPT TO for this address the next `times` times with `code` (451 temporary, 550 permanent). */
  refuse(address: string, code: number, times?: number): void;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address);
      if (refusal && refusal.times > 0) {
        refusal.times--;
        return callback(Object.assign(new Error(`refused ${address.address}`), { responseCode: refusal.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (address, code, times = 1) => refusals.set(address, { code, times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
