// Request validation: Ajv with no type coercion for bodies (a JSON number is never silently a
// decimal string) and coercion for query strings and path parameters (which are always text).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { DECIMAL_MAX_FRACTION_DIGITS, DECIMAL_MAX_INTEGER_DIGITS, DECIMAL_PATTERN, isBoundedDecimal } from '../core/money.ts';
import { AppError, stringifyValue, validationError, type FieldError } from '../core/errors.ts';
import { SCAN_NUL_ESCAPE, SCAN_SURROGATE_ESCAPE } from './json-scan.ts';

// Compiled once: the format runs on every decimal of every request (one per event of a usage batch).
const decimalRegex = new RegExp(DECIMAL_PATTERN);

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerceTypes ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    verbose: true,
    strict: false,
  });
  addFormats.default(ajv);
  ajv.addFormat('decimal', { type: 'string', validate: isBoundedDecimal });
  refuseLeapSeconds(ajv);
  ajv.addKeyword({ keyword: 'x-max-depth', type: ['object', 'array'], schemaType: 'number', validate: (max: number, data: unknown) => nestsAtMost(data, max) });
  for (const name of ['date-time', 'uuid']) repeatLastAnswer(ajv, name);
  return ajv;
}

/** Whether objects and arrays nest at most `max` levels in `value` (the value itself is one). */
export function nestsAtMost(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (max <= 0) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (!nestsAtMost(item, max - 1)) return false;
  return true;
}

/**
 * RFC 3339 admits second 60 (a leap second) and ajv-formats accepts it, but neither JavaScript's
 * Date nor PostgreSQL's timestamptz can hold it: every date-time field refuses it, by name. So is
 * an instant outside years 1 to 9999 in UTC (year 0, or 9999 carried into 10000 by an offset):
 * PostgreSQL has no year 0 and ISO text of JavaScript writes such years with a sign.
 */
function refuseLeapSeconds(ajv: Ajv): void {
  const format = ajv.formats['date-time'];
  const definition = typeof format === 'object' && !(format instanceof RegExp) ? format : { validate: format };
  const check = definition.validate as (text: string) => boolean;
  const validate = (text: string) => !LEAP_SECOND.test(text) && check(text) && instantInRange(text);
  ajv.addFormat('date-time', { ...definition, type: 'string', validate } as Parameters<Ajv['addFormat']>[1]);
}
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const instantInRange = (text: string) => {
  const ms = Date.parse(text);
  return ms >= EARLIEST_INSTANT && ms <= LATEST_INSTANT;
};
const LEAP_SECOND = /^[^Tt\s]*[Tt\s]\d\d:\d\d:60/;

/**
 * Gives a format of ajv-formats a memory of its last text and answer. The events of a usage batch
 * mostly repeat their neighbour's timestamp and productId, and the full date-time check (two
 * regular expressions and a calendar) would otherwise run again for each of them.
 */
function repeatLastAnswer(ajv: Ajv, name: string): void {
  const format = ajv.formats[name];
  const definition = typeof format === 'object' && !(format instanceof RegExp) ? format : { validate: format };
  const validate = definition.validate;
  const check = validate instanceof RegExp ? (text: string) => validate.test(text) : typeof validate === 'function' ? (validate as (text: string) => boolean) : null;
  if (!check) throw new Error(`format ${name} has no synchronous check to remember`);
  let lastText: string | undefined;
  let lastAnswer = false;
  const remembering = (text: string): boolean => {
    if (text !== lastText) {
      lastAnswer = check(text);
      lastText = text;
    }
    return lastAnswer;
  };
  ajv.addFormat(name, { ...definition, type: 'string', validate: remembering } as Parameters<Ajv['addFormat']>[1]);
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object) as ValidateFunction;
};

/** Turns Ajv errors into the interface's `errors` entries, with paths such as `events[12].meter`. */
export function toFieldErrors(errors: ErrorObject[], prefix = ''): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    // anyOf/oneOf branches repeat the same failure in several shapes; the leaf errors say it better.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldPath(error, prefix);
    const constraint = constraintOf(error);
    const dedupe = `${field}|${constraint}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    out.push({ field, value: valueOf(error), constraint, description: describe(error, constraint) });
  }
  return out;
}

function valueOf(error: ErrorObject): string {
  if (error.keyword === 'required') return '';
  if (error.keyword === 'additionalProperties') {
    return stringifyValue((error.data as Record<string, unknown>)[String(error.params.additionalProperty)]);
  }
  return stringifyValue(error.data);
}

function fieldPath(error: ErrorObject, prefix: string): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  let path = prefix;
  for (const part of parts) path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  return path || '(body)';
}

function constraintOf(error: ErrorObject): string {
  const parent = error.parentSchema as { format?: string } | undefined;
  if (parent?.format === 'decimal' && error.keyword === 'format' && typeof error.data === 'string' && decimalRegex.test(error.data)) return 'decimal_range';
  if (parent?.format === 'decimal' && (error.keyword === 'type' || error.keyword === 'format')) return 'decimal_string';
  if (error.keyword === 'format' && error.params.format === 'date-time' && typeof error.data === 'string') {
    if (LEAP_SECOND.test(error.data)) return 'no_leap_second';
    const ms = Date.parse(error.data);
    if (ms < EARLIEST_INSTANT) return 'not_before_year_1';
    if (ms > LATEST_INSTANT) return 'not_after_year_9999';
  }
  if (error.keyword === 'format') return String(error.params.format);
  if (error.keyword === 'additionalProperties') return 'unknown_field';
  if (error.keyword === 'x-max-depth') return 'max_depth';
  return error.keyword;
}

function describe(error: ErrorObject, constraint: string): string {
  switch (constraint) {
    case 'decimal_string':
      return 'must be a decimal string such as "10.50", not a number';
    case 'decimal_range':
      return `must have at most ${DECIMAL_MAX_INTEGER_DIGITS} digits before the decimal point and ${DECIMAL_MAX_FRACTION_DIGITS} after it`;
    case 'max_depth':
      return `must nest at most ${String((error.parentSchema as Record<string, unknown>)['x-max-depth'])} levels: values are scalars, or arrays or objects of scalars`;
    case 'not_before_year_1':
      return 'must be at or after 0001-01-01T00:00:00Z';
    case 'not_after_year_9999':
      return 'must be at or before 9999-12-31T23:59:59.999Z';
    case 'no_leap_second':
      return 'must not be a leap second (second 60): send 59.999 or the next minute';
    case 'required':
      return 'is required';
    case 'unknown_field':
      return 'is not a known field';
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Strings the database cannot store as sent: U+0000 (PostgreSQL text cannot hold it) and a lone
 * UTF-16 surrogate (UTF-8 cannot encode it: one driver fails, another silently writes U+FFFD).
 * Every route refuses both up front (422), naming the first field (or key) that has one.
 */
export function assertStorableStrings(request: FastifyRequest): void {
  // An HTML page answers its own "not found" page for such a value (see hasUnstorableString).
  if (request.routeOptions.config.page) return;
  // A path value with one names nothing: it answers as any unknown id does.
  if (hasBadString(request.params)) throw unknownIdError(request);
  // Only parts the route reads: a query string or body a route has no schema for is ignored.
  const schema = (request.routeOptions.schema ?? {}) as { querystring?: unknown; query?: unknown; body?: unknown };
  const query = schema.querystring || schema.query ? request.query : undefined;
  const body = schema.body ? request.body : undefined;
  // The walk that names the field builds a path per value; the check that runs on every request builds none.
  if (!hasBadString(query) && (body === undefined || !bodyMayHaveBadString(request))) return;
  const found = badStringPath(query, '') ?? badStringPath(body, '');
  if (found !== null) throw validationError([{ field: found.field, value: '', ...REFUSALS[found.kind] }]);
}

/** Whether a value (or a key or item of it) holds a string the database cannot store. */
export function hasUnstorableString(value: unknown): boolean {
  return hasBadString(value);
}

/** The not-found error of the route's resource, for a path value that cannot be an id. */
export function unknownIdError(request: FastifyRequest): AppError {
  const resource = (request.routeOptions.config as { resource?: string }).resource ?? 'resource';
  return new AppError('not_found', `No such ${resource.replace(/_/g, ' ')}.`, { resource });
}

const REFUSALS = {
  nul: { constraint: 'no_nul_character', description: 'must not contain the NUL character (U+0000)' },
  surrogate: { constraint: 'no_lone_surrogate', description: 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF without its pair)' },
} as const;
type Refusal = keyof typeof REFUSALS;

/**
 * JSON text can carry U+0000 or a surrogate only as an escape (`\u0000`, `\uD800`): the byte scan
 * of json-body.ts noted whether the body has any, so a 1,000-event batch without them is not walked.
 */
function bodyMayHaveBadString(request: FastifyRequest): boolean {
  if (request.jsonEscapes !== undefined && (request.jsonEscapes & (SCAN_NUL_ESCAPE | SCAN_SURROGATE_ESCAPE)) === 0) return false;
  return hasBadString(request.body);
}

function refusalOf(text: string): Refusal | null {
  if (text.includes('\u0000')) return 'nul';
  return (text as WellFormedString).isWellFormed() ? null : 'surrogate';
}

/** ES2024 methods Node 20 has (the project's TypeScript lib is ES2022). */
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };
const printable = (key: string) => (key as WellFormedString).toWellFormed();

function hasBadString(value: unknown): boolean {
  if (typeof value === 'string') return refusalOf(value) !== null;
  if (Array.isArray(value)) {
    for (const item of value) if (hasBadString(item)) return true;
    return false;
  }
  if (isPlainObject(value)) {
    for (const key in value) if (refusalOf(key) !== null || hasBadString(value[key])) return true;
  }
  return false;
}

function badStringPath(value: unknown, path: string): { field: string; kind: Refusal } | null {
  if (typeof value === 'string') {
    const kind = refusalOf(value);
    return kind ? { field: path || '(body)', kind } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = badStringPath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${printable(key)}` : printable(key);
      const keyKind = refusalOf(key);
      const found = keyKind ? { field: at, kind: keyKind } : badStringPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Parsed JSON and query strings only (the query parser's objects have a prototype that itself has
 * none): a streamed body (uploads) or a Buffer is not data to walk.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null; // Object.prototype has none either
}
