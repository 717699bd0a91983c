// The served /openapi.json as a list of operations, and Ajv validators of its response schemas.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DECIMAL_PATTERN } from '../../src/core/money.ts';
import type { Schema } from './arbitraries.ts';

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: Schema; required: boolean }>;
  body: Schema | null;
  responses: Record<string, Schema>;
  /** `admin`, `none` (keyless) or `secret`. */
  auth: 'admin' | 'none' | 'secret';
}

export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, Schema>>(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params: Schema[] = op.parameters ?? [];
      const security: Schema[] | undefined = op.security;
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name as string),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses: op.responses ?? {},
        auth: security === undefined ? 'secret' : security.length === 0 ? 'none' : 'admin' in (security[0] ?? {}) ? 'admin' : 'secret',
      });
    }
  }
  return out;
}

/** Validates an answer's body against the schema documented for its status (null: none documented). */
export function responseValidator(doc: Schema): (op: Operation, status: number) => ValidateFunction | null | 'no_body' {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addFormat('decimal', { type: 'string', validate: (v: string) => new RegExp(DECIMAL_PATTERN).test(v) });
  ajv.addFormat('binary', true);
  // Component schemas by reference: their own $id would clash with the document's refs.
  const components = JSON.parse(JSON.stringify(doc.components.schemas, (key, value) => (key === '$id' ? undefined : value)));
  ajv.addSchema({ $id: 'openapi', components: { schemas: components } });
  const cache = new Map<string, ValidateFunction | null | 'no_body'>();
  return (op, status) => {
    const key = `${op.method} ${op.path} ${status}`;
    if (!cache.has(key)) {
      const response = op.responses[String(status)];
      const schema = response?.content?.['application/json']?.schema;
      if (!response) cache.set(key, null);
      else if (!schema) cache.set(key, 'no_body');
      else cache.set(key, ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))));
    }
    return cache.get(key)!;
  };
}
