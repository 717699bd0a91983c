// What a start prints. On a terminal (LOG_FORMAT pretty, the default when stdout is a TTY): plain
// lines for people (each step of the start, the development key, the URLs) and the logs one
// readable line each. Otherwise (LOG_FORMAT json, the default for a pipe or a log collector):
// pino's JSON lines only, the steps among them. pino-pretty is not a dependency; the few fields
// the service logs are formatted here (docs/decisions/operations.md, "First start output").
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export type LogFormat = 'pretty' | 'json';

export interface StartOutput {
  format: LogFormat;
  /** A step of the start, or a line of its summary: a plain line, or an info log line. */
  step(message: string, fields?: Record<string, unknown>): void;
  /** A line for people only (the JSON form has it in a step's fields): printed on a terminal. */
  detail(message: string): void;
  /** Fastify's `logger` option. */
  logger: { level: string; stream?: Writable };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

export function startOutput(options: { level: string; format: LogFormat | null; isTTY: boolean; write?: (text: string) => void }): StartOutput {
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const format: LogFormat = options.format ?? (options.isTTY ? 'pretty' : 'json');
  if (format === 'json') {
    // pino's own destination on stdout, as before (the fast path under load); `write` in tests.
    const stream = options.write
      ? new Writable({
          write(chunk: Buffer, _encoding, done) {
            write(chunk.toString());
            done();
          },
        })
      : undefined;
    const log: Logger = stream ? pino({ level: options.level }, stream) : pino({ level: options.level });
    return { format, step: (message, fields) => log.info(fields ?? {}, message), detail: () => undefined, logger: { level: options.level, ...(stream && { stream }) } };
  }
  // Steps are info lines: a level above info (warn, silent) hides them as it hides the logs.
  const quiet = options.level === 'silent' || (pino.levels.values[options.level] ?? 30) > 30;
  const say = (message: string) => {
    if (!quiet) write(`${message}\n`);
  };
  return {
    format,
    step: say,
    detail: say,
    logger: { level: options.level, stream: prettyStream(write) },
  };
}

/** pino's JSON lines as `12:00:01 INFO  message  GET /docs 200 3.1 ms key=value`. */
export function prettyStream(write: (text: string) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) write(`${prettyLine(line)}\n`);
      done();
    },
  });
}

function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { level, time, msg, req, res, responseTime, err, pid: _pid, hostname: _hostname, reqId, ...rest } = entry;
  const parts = [new Date(Number(time)).toISOString().slice(11, 19), (LEVELS[Number(level)] ?? String(level)).padEnd(5), String(msg ?? '')];
  const request = req as { method?: string; url?: string } | undefined;
  if (request?.method) parts.push(`${request.method} ${request.url}`);
  const response = res as { statusCode?: number } | undefined;
  if (response?.statusCode) parts.push(String(response.statusCode));
  if (typeof responseTime === 'number') parts.push(`${responseTime.toFixed(1)} ms`);
  if (reqId && !request?.method) parts.push(`reqId=${String(reqId)}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const error = err as { stack?: string; message?: string } | undefined;
  return parts.join('  ') + (error ? `\n${error.stack ?? error.message}` : '');
}
