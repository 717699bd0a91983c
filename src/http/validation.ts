// Request validation: Ajv with no type coercion for bodies (a JSON number is never silently a
// decimal string) and coercion for query strings and path parameters (which are always text).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { DECIMAL_PATTERN } from '../core/money.ts';
import { stringifyValue, validationError, type FieldError } from '../core/errors.ts';

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
  ajv.addFormat('decimal', { type: 'string', validate: (v: string) => v.length <= 64 && decimalRegex.test(v) });
  for (const name of ['date-time', 'uuid']) repeatLastAnswer(ajv, name);
  return ajv;
}

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
  if (parent?.format === 'decimal' && (error.keyword === 'type' || error.keyword === 'format')) return 'decimal_string';
  if (error.keyword === 'format') return String(error.params.format);
  if (error.keyword === 'additionalProperties') return 'unknown_field';
  return error.keyword;
}

function describe(error: ErrorObject, constraint: string): string {
  switch (constraint) {
    case 'decimal_string':
      return 'must be a decimal string such as "10.50", not a number';
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
 * PostgreSQL text cannot hold U+0000, so a string carrying it would fail deep inside a query as a
 * 500. Every route refuses it up front instead (422), naming the first field (or key) that has it.
 */
export function assertNoNulCharacters(request: FastifyRequest): void {
  // The walk that names the field builds a path per value; the check that runs on every request builds none.
  if (!hasNul(request.params) && !hasNul(request.query) && !bodyMayHaveNul(request)) return;
  const field = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
  if (field !== null) {
    throw validationError([{ field, value: '', constraint: 'no_nul_character', description: 'must not contain the NUL character (U+0000)' }]);
  }
}

/**
 * JSON text cannot carry U+0000 as is (a raw control character is a syntax error): only as the
 * escape `\u0000`, in these six bytes exactly (no hex letters to vary in case). A body as sent
 * without them holds no NUL, and one byte search answers that for a 1,000-event batch; with them
 * (perhaps only an escaped backslash followed by `u0000`) the parsed body is walked.
 */
function bodyMayHaveNul(request: FastifyRequest): boolean {
  if (request.rawBody && !request.rawBody.includes(NUL_ESCAPE)) return false;
  return hasNul(request.body);
}
const NUL_ESCAPE = Buffer.from('\\u0000');

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) {
    for (const item of value) if (hasNul(item)) return true;
    return false;
  }
  if (isPlainObject(value)) {
    for (const key in value) if (key.includes('\u0000') || hasNul(value[key])) return true;
  }
  return false;
}

function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const found = key.includes('\u0000') ? at : nulPath(item, at);
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
