// What a start prints: plain lines and readable logs for people on a terminal, JSON lines for
// everything else, chosen by LOG_FORMAT or, unset, by whether stdout is a terminal.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { startOutput } from './start-output.ts';

function capture(format: 'pretty' | 'json' | null, isTTY: boolean, level = 'info') {
  const lines: string[] = [];
  const output = startOutput({ level, format, isTTY, write: (text) => lines.push(...text.split('\n').filter(Boolean)) });
  return { output, lines };
}

describe('startOutput', () => {
  it('on a terminal: steps and details as plain lines, logs one readable line each', () => {
    const { output, lines } = capture(null, true);
    expect(output.format).toBe('pretty');
    output.step('Migrating the database: 3 migrations to apply...', { migrations: 3 });
    output.detail('  API reference   http://localhost:4000/docs');
    const log = pino({ level: output.logger.level }, output.logger.stream!);
    log.info({ req: { method: 'GET', url: '/docs' }, res: { statusCode: 200 }, responseTime: 3.14159 }, 'request completed');
    log.error({ err: { message: 'boom', stack: 'Error: boom\n    at here' } }, 'failed');
    expect(lines[0]).toBe('Migrating the database: 3 migrations to apply...');
    expect(lines[1]).toBe('  API reference   http://localhost:4000/docs');
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d {2}INFO {3}request completed {2}GET \/docs {2}200 {2}3\.1 ms$/);
    expect(lines[3]).toMatch(/^\d\d:\d\d:\d\d {2}ERROR {2}failed$/);
    expect(lines[4]).toBe('Error: boom');
    expect(lines.join('\n')).not.toContain('{"');
  });

  it('otherwise: JSON lines only, the steps among them with their fields; details are left out', () => {
    const { output, lines } = capture(null, false);
    expect(output.format).toBe('json');
    output.step('Ready: http://localhost:4000', { docs: 'http://localhost:4000/docs' });
    output.detail('  API reference   http://localhost:4000/docs');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'Ready: http://localhost:4000', docs: 'http://localhost:4000/docs' });
  });

  it('LOG_FORMAT wins over the terminal, and a level above info hides the steps as it hides the logs', () => {
    expect(capture('json', true).output.format).toBe('json');
    expect(capture('pretty', false).output.format).toBe('pretty');
    const quiet = capture('pretty', true, 'warn');
    quiet.output.step('Database ready.');
    expect(quiet.lines).toEqual([]);
  });
});
