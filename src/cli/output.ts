// What the seller commands print and how they exit: tables for people, --json for scripts, and
// an exit code per outcome (docs/cli.md).
import { Command, Option } from 'commander';
import { BillingClient, BillingError } from '../../packages/sdk/src/index.ts';

export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  refused: 3,
  unauthorized: 4,
  notFound: 5,
  unavailable: 6,
} as const;

export interface ApiOptions {
  apiKey?: string;
  baseUrl?: string;
  json?: boolean;
}

export type Rows = Array<Record<string, unknown>>;

export class UsageError extends Error {}

/** Something the command looked up that is not there (a product key): exits as a 404 does. */
export class NotFoundError extends Error {}

/** The service the last client was made for: an unreachable service is named by it. */
let serviceUrl: string | null = null;

/** The SDK client of --api-key / --base-url, else API_KEY / BASE_URL. */
export function clientOf(options: ApiOptions): BillingClient {
  const apiKey = options.apiKey ?? process.env.API_KEY;
  if (!apiKey) throw new UsageError('Set API_KEY (or --api-key) to a secret key of the account.');
  serviceUrl = options.baseUrl ?? process.env.BASE_URL ?? 'http://localhost:4000';
  return new BillingClient({ apiKey, baseUrl: serviceUrl });
}

/** Adds the options every API command takes. */
export function apiCommand(parent: Command, name: string, description: string): Command {
  return parent
    .command(name)
    .description(description)
    .option('--api-key <key>', 'secret key (default: $API_KEY)')
    .option('--base-url <url>', 'the service (default: $BASE_URL, else http://localhost:4000)')
    .option('--json', 'print JSON (for scripts)');
}

export const limitOption = () => new Option('--limit <n>', 'how many to show, newest first').default('20').argParser(positiveInteger);

export function positiveInteger(value: string): string {
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new UsageError(`"${value}" is not a positive whole number.`);
  return value;
}

/** "1 batch", "2 batches". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product named by its id or by its key (unique in the account): the id. */
export async function productIdOf(client: BillingClient, idOrKey: string): Promise<string> {
  if (UUID.test(idOrKey)) return idOrKey;
  const [product] = await take(client.products.list({ key: idOrKey }), 1);
  if (!product) throw new NotFoundError(`No product with key "${idOrKey}" in this account and environment.`);
  return product.id;
}

/** Rows as aligned columns (people) or the whole answer as JSON (scripts). */
export function printRows(options: ApiOptions, rows: Array<Record<string, unknown>>, columns: string[], whole: unknown = rows): void {
  if (options.json) {
    console.log(JSON.stringify(whole, null, 2));
    return;
  }
  if (rows.length === 0) {
    console.log('(none)');
    return;
  }
  const cells = rows.map((row) => columns.map((column) => cellOf(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(line(columns));
  for (const r of cells) console.log(line(r));
}

/** One resource: JSON, or `field: value` lines. */
export function printOne(options: ApiOptions, resource: Record<string, unknown>, fields: string[]): void {
  if (options.json) {
    console.log(JSON.stringify(resource, null, 2));
    return;
  }
  const width = Math.max(...fields.map((f) => f.length));
  for (const field of fields) console.log(`${field.padEnd(width)}  ${cellOf(resource[field])}`);
}

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Prints why a command failed and the exit code of that outcome. */
export function exitCodeOf(error: unknown): { code: number; message: string } {
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message };
  if (error instanceof NotFoundError) return { code: EXIT.notFound, message: error.message };
  if (error instanceof BillingError && error.status === 0) {
    return { code: EXIT.unavailable, message: `Could not reach the service at ${serviceUrl ?? 'BASE_URL'} (${networkReason(error)}): is it running? Set BASE_URL or --base-url.` };
  }
  if (error instanceof BillingError) {
    const detail = error.errors?.map((e) => `\n  ${e.field}: ${e.description}`).join('') ?? '';
    const message = `${error.message}${detail}${error.tracer_id ? ` (tracer_id ${error.tracer_id})` : ''}`;
    if (error.status === 0 || error.status >= 500) return { code: EXIT.unavailable, message };
    if (error.status === 401 || error.status === 403) return { code: EXIT.unauthorized, message };
    if (error.status === 404) return { code: EXIT.notFound, message };
    return { code: EXIT.refused, message };
  }
  return { code: EXIT.failed, message: error instanceof Error ? error.message : String(error) };
}

/** Why a request never reached the service: the system's code (ECONNREFUSED, ENOTFOUND, ...) when there is one. */
function networkReason(error: BillingError): string {
  let reason = 'network error';
  let cause: unknown = error.cause;
  for (let depth = 0; cause && depth < 4; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (cause instanceof Error) reason = cause.message;
    cause = (cause as { cause?: unknown }).cause;
  }
  return reason;
}

/** The first `limit` items of a list. */
export async function take<T>(items: AsyncIterable<T>, limit: number): Promise<T[]> {
  const taken: T[] = [];
  if (limit <= 0) return taken;
  for await (const item of items) {
    taken.push(item);
    if (taken.length >= limit) break;
  }
  return taken;
}
